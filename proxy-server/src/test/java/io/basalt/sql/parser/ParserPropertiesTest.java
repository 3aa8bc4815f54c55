package io.basalt.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.error.MySqlException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Random statements from a small MySQL grammar always parse, print back to text that parses to the same tree, and
 * normalize to a key with one parameter per extracted literal; random garbage gives 1064 / 1065, never a crash.
 */
class ParserPropertiesTest {

    private static final List<String> IDENTIFIERS = List.of("a", "b", "c1", "value", "date", "user", "status",
        "count", "`weird``id`", "`select`", "t.a", "`db`.`t`.b");
    private static final List<String> BINARY_OPERATORS = List.of("+", "-", "*", "/", "DIV", "%", "MOD", "=", "<>",
        "!=", "<", "<=", ">", ">=", "<=>", "AND", "OR", "XOR", "&&", "||", "&", "|", "^", "<<", ">>", "LIKE",
        "REGEXP", "NOT REGEXP");

    @Provide
    Arbitrary<String> statements() {
        return Arbitraries.randomValue(ParserPropertiesTest::statement);
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings()
            .withChars("SELECTFROMWHEREINSERTVALUESsetupdate();,.'\"`\\#-/*!@?=<>%&|^~+ \n\t0123456789xXbB_$")
            .ofMaxLength(60);
    }

    @Provide
    Arbitrary<String> bytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(80)
            .map(b -> new String(b, StandardCharsets.ISO_8859_1));
    }

    @Property(tries = 300)
    void generatedStatementsParseAndPrintBackStably(@ForAll("statements") String sql) {
        SqlNode first = BasaltSqlParser.parse(sql);
        String printed = Parsing.mysql(first);
        SqlNode second = BasaltSqlParser.parse(printed);

        assertThat(Parsing.mysql(second)).as(sql).isEqualTo(printed);
    }

    @Property(tries = 300)
    void normalizedKeysHaveOneParameterPerLiteral(@ForAll("statements") String sql) {
        NormalizedStatement normalized = LiteralNormalizer.normalize(sql);

        assertThat(normalized).as(sql).isNotNull();
        assertThat(dynamicParams(BasaltSqlParser.parse(normalized.key()))).as(normalized.key())
            .isEqualTo(normalized.literals().size());
    }

    @Property(tries = 1000)
    void garbageNeverCrashesTheParser(@ForAll("garbage") String text) {
        assertParsesOrFailsLikeMySql(text);
    }

    @Property(tries = 1000)
    void randomBytesNeverCrashTheParser(@ForAll("bytes") String text) {
        assertParsesOrFailsLikeMySql(text);
    }

    @Property(tries = 500)
    void garbageNeverCrashesTheNormalizerOrTheSplitter(@ForAll("garbage") String text) {
        LiteralNormalizer.normalize(text);
        for (String piece : BasaltSqlParser.split(text)) {
            assertThat(piece).isNotBlank();
        }
    }

    private static void assertParsesOrFailsLikeMySql(String text) {
        try {
            BasaltSqlParser.parse(text);
        } catch (MySqlException e) {
            assertThat(e.code()).as(text).isIn(1064, 1065);
        }
    }

    private static int dynamicParams(SqlNode node) {
        int[] count = {0};
        node.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlDynamicParam param) {
                count[0]++;
                return null;
            }
        });
        return count[0];
    }

    // ---------------------------------------------------------------------------------------------------------
    // A small grammar of MySQL statements
    // ---------------------------------------------------------------------------------------------------------

    private static String statement(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> "SELECT " + expr(random, 2) + ", " + identifier(random) + " FROM t WHERE " + expr(random, 3)
                + (random.nextBoolean() ? " ORDER BY " + identifier(random) + " DESC" : "")
                + (random.nextBoolean() ? " LIMIT " + random.nextInt(100) : "");
            case 1 -> "INSERT INTO t (a, b) VALUES (" + expr(random, 1) + ", " + expr(random, 1) + "), ("
                + literal(random) + ", DEFAULT)"
                + (random.nextBoolean() ? " ON DUPLICATE KEY UPDATE a = VALUES(a) + " + literal(random) : "");
            case 2 -> "UPDATE t SET a = " + expr(random, 2) + " WHERE " + expr(random, 2) + " LIMIT "
                + random.nextInt(10);
            case 3 -> "DELETE FROM t WHERE " + expr(random, 3);
            default -> "SELECT * FROM t WHERE " + identifier(random) + " IN (" + literal(random) + ", "
                + literal(random) + ") AND " + expr(random, 2) + " FOR UPDATE";
        };
    }

    private static String expr(Random random, int depth) {
        if (depth == 0) {
            return random.nextBoolean() ? identifier(random) : literal(random);
        }
        return switch (random.nextInt(9)) {
            case 0, 1, 2 -> "(" + expr(random, depth - 1) + " " + pick(random, BINARY_OPERATORS) + " "
                + expr(random, depth - 1) + ")";
            case 3 -> "-(" + expr(random, depth - 1) + ")";
            case 4 -> "NOT (" + expr(random, depth - 1) + ")";
            case 5 -> "CASE WHEN " + expr(random, depth - 1) + " THEN " + literal(random) + " ELSE "
                + expr(random, depth - 1) + " END";
            case 6 -> "IF(" + expr(random, depth - 1) + ", " + literal(random) + ", " + identifier(random) + ")";
            case 7 -> "(" + identifier(random) + " BETWEEN " + literal(random) + " AND " + literal(random) + ")";
            default -> "CAST(" + expr(random, depth - 1) + " AS " + pick(random, List.of("SIGNED", "CHAR(3)",
                "DECIMAL(5,2)", "DATETIME")) + ")";
        };
    }

    private static String identifier(Random random) {
        return pick(random, IDENTIFIERS);
    }

    private static String literal(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> Integer.toString(random.nextInt(2000) - 1000);
            case 1 -> random.nextInt(1000) + "." + random.nextInt(100);
            case 2 -> "'" + text(random).replace("\\", "\\\\").replace("'", "''") + "'";
            case 3 -> "\"" + text(random).replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
            case 4 -> "0x" + Integer.toHexString(random.nextInt(4096));
            default -> pick(random, List.of("NULL", "TRUE", "FALSE", "@v", "@@session.sql_mode", "NOW()"));
        };
    }

    private static String text(Random random) {
        StringBuilder sb = new StringBuilder();
        String chars = "ab ;'\"\\%_#-é";
        for (int i = random.nextInt(6); i > 0; i--) {
            sb.append(chars.charAt(random.nextInt(chars.length())));
        }
        return sb.toString();
    }

    private static String pick(Random random, List<String> options) {
        return options.get(random.nextInt(options.size()));
    }
}
