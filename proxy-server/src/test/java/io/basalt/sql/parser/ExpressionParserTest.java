package io.basalt.sql.parser;

import static io.basalt.sql.parser.Parsing.errorOf;
import static io.basalt.sql.parser.Parsing.parseAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.parser.ast.SqlSystemVariable;
import io.basalt.sql.parser.ast.SqlUserVariable;
import io.basalt.sql.parser.ast.VariableScoped.Scope;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBinaryStringLiteral;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.util.Litmus;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExpressionParserTest {

    /** The single select item of {@code SELECT <expr>}. */
    private static SqlNode expr(String expression) {
        return parseAs("SELECT " + expression, SqlSelect.class).getSelectList().get(0);
    }

    private static SqlBasicCall call(String expression) {
        SqlNode node = expr(expression);
        assertThat(node).as(expression).isInstanceOf(SqlBasicCall.class);
        return (SqlBasicCall) node;
    }

    private static SqlOperator operatorOf(SqlNode node) {
        return ((SqlCall) node).getOperator();
    }

    @Test
    void mySqlBinaryOperators() {
        assertThat(call("a DIV b").getOperator()).isSameAs(MySqlOperators.DIV);
        assertThat(call("a MOD b").getOperator()).isSameAs(MySqlOperators.MOD);
        assertThat(call("a % b").getOperator()).isSameAs(MySqlOperators.MOD);
        assertThat(call("MOD(a, 3)").getOperator()).isSameAs(MySqlOperators.MOD);
        assertThat(call("a XOR b").getOperator()).isSameAs(MySqlOperators.XOR);
        assertThat(call("a <=> b").getOperator()).isSameAs(MySqlOperators.NULL_SAFE_EQUAL);
        assertThat(call("a REGEXP 'x'").getOperator()).isSameAs(MySqlOperators.REGEXP);
        assertThat(call("a RLIKE 'x'").getOperator()).isSameAs(MySqlOperators.REGEXP);
        assertThat(call("a & b").getOperator()).isSameAs(MySqlOperators.BIT_AND);
        assertThat(call("a | b").getOperator()).isSameAs(MySqlOperators.BIT_OR);
        assertThat(call("a ^ b").getOperator()).isSameAs(MySqlOperators.BIT_XOR);
        assertThat(call("a << 2").getOperator()).isSameAs(MySqlOperators.SHIFT_LEFT);
        assertThat(call("a >> 2").getOperator()).isSameAs(MySqlOperators.SHIFT_RIGHT);
        assertThat(call("a && b").getOperator()).isSameAs(SqlStdOperatorTable.AND);
        assertThat(call("a || b").getOperator()).isSameAs(SqlStdOperatorTable.OR);
        assertThat(call("a != b").getOperator()).isSameAs(SqlStdOperatorTable.NOT_EQUALS);
        assertThat(call("a <> b").getOperator()).isSameAs(SqlStdOperatorTable.NOT_EQUALS);
    }

    @Test
    void negatedRegexpIsNotOfRegexp() {
        for (String sql : List.of("a NOT REGEXP 'x'", "a NOT RLIKE 'x'")) {
            SqlBasicCall not = call(sql);
            assertThat(not.getOperator()).isSameAs(SqlStdOperatorTable.NOT);
            assertThat(operatorOf(not.operand(0))).isSameAs(MySqlOperators.REGEXP);
        }
    }

    @Test
    void prefixOperatorsBindTightly() {
        SqlBasicCall bang = call("!a = b");
        assertThat(bang.getOperator()).isSameAs(SqlStdOperatorTable.EQUALS);
        assertThat(operatorOf(bang.operand(0))).isSameAs(SqlStdOperatorTable.NOT);

        SqlBasicCall tilde = call("~a + 1");
        assertThat(tilde.getKind()).isEqualTo(SqlKind.PLUS);
        assertThat(operatorOf(tilde.operand(0))).isSameAs(MySqlOperators.BIT_NOT);

        SqlBasicCall binary = call("BINARY a = 'x'");
        assertThat(operatorOf(binary.operand(0))).isSameAs(MySqlOperators.BINARY);

        assertThat(call("NOT a = b").getOperator()).isSameAs(SqlStdOperatorTable.NOT);
    }

    @Test
    void precedenceFollowsMySql() {
        SqlBasicCall orOfAnd = call("a || b && c");
        assertThat(orOfAnd.getOperator()).isSameAs(SqlStdOperatorTable.OR);
        assertThat(operatorOf(orOfAnd.operand(1))).isSameAs(SqlStdOperatorTable.AND);

        SqlBasicCall xorOfAnd = call("a XOR b AND c");
        assertThat(xorOfAnd.getOperator()).isSameAs(MySqlOperators.XOR);
        SqlBasicCall orOfXor = call("a OR b XOR c");
        assertThat(orOfXor.getOperator()).isSameAs(SqlStdOperatorTable.OR);

        SqlBasicCall bitOr = call("a | b & c");
        assertThat(bitOr.getOperator()).isSameAs(MySqlOperators.BIT_OR);
        assertThat(operatorOf(bitOr.operand(1))).isSameAs(MySqlOperators.BIT_AND);

        SqlBasicCall comparison = call("a = b | c");
        assertThat(comparison.getOperator()).isSameAs(SqlStdOperatorTable.EQUALS);

        SqlBasicCall shift = call("1 << 2 + 3");
        assertThat(shift.getOperator()).isSameAs(MySqlOperators.SHIFT_LEFT);
        assertThat(shift.operand(1).getKind()).isEqualTo(SqlKind.PLUS);

        SqlBasicCall plus = call("a + b DIV c");
        assertThat(plus.getKind()).isEqualTo(SqlKind.PLUS);
        assertThat(operatorOf(plus.operand(1))).isSameAs(MySqlOperators.DIV);

        SqlBasicCall caret = call("a * b ^ c");
        assertThat(caret.getKind()).isEqualTo(SqlKind.TIMES);
        assertThat(operatorOf(caret.operand(1))).isSameAs(MySqlOperators.BIT_XOR);
    }

    @Test
    void intervals() {
        SqlBasicCall dateAdd = call("DATE_ADD(d, INTERVAL 1 DAY)");
        assertThat(dateAdd.getOperator().getName()).isEqualToIgnoringCase("DATE_ADD");
        SqlBasicCall interval = dateAdd.operand(1);
        assertThat(interval.getOperator()).isSameAs(MySqlOperators.INTERVAL);
        assertThat(((SqlLiteral) interval.operand(0)).intValue(true)).isEqualTo(1);
        assertThat(((SqlLiteral) interval.operand(1)).getValueAs(String.class)).isEqualTo("DAY");

        SqlBasicCall plus = call("d + interval '1:30' hour_minute");
        SqlBasicCall compound = plus.operand(1);
        assertThat(compound.getOperator()).isSameAs(MySqlOperators.INTERVAL);
        assertThat(((SqlLiteral) compound.operand(1)).getValueAs(String.class)).isEqualTo("HOUR_MINUTE");

        SqlBasicCall minus = call("NOW() - INTERVAL ? SECOND");
        assertThat(((SqlBasicCall) minus.operand(1)).operand(0).getKind()).isEqualTo(SqlKind.DYNAMIC_PARAM);
        assertThat(((SqlBasicCall) call("INTERVAL 1 + 1 DAY + d").operand(0)).operand(0).getKind())
            .isEqualTo(SqlKind.PLUS);

        SqlBasicCall intervalFunction = call("INTERVAL(5, 1, 10)");
        assertThat(intervalFunction.getOperator().getName()).isEqualTo("INTERVAL");
        assertThat(intervalFunction.operandCount()).isEqualTo(3);
    }

    @Test
    void castAndConvert() {
        assertCast("CAST(a AS SIGNED)", "SIGNED");
        assertCast("CAST(a AS SIGNED INTEGER)", "SIGNED");
        assertCast("CAST(a AS UNSIGNED)", "UNSIGNED");
        assertCast("CAST(a AS CHAR)", "CHAR");
        assertCast("CAST(a AS CHAR(10))", "CHAR(10)");
        assertCast("CAST(a AS CHAR(10) CHARACTER SET utf8mb4)", "CHAR(10)");
        assertCast("CAST(a AS BINARY)", "BINARY");
        assertCast("CAST(a AS DECIMAL(10,2))", "DECIMAL(10,2)");
        assertCast("CAST(a AS DATE)", "DATE");
        assertCast("CAST(a AS DATETIME(3))", "DATETIME(3)");
        assertCast("CAST(a AS TIME)", "TIME");
        assertCast("CAST(a AS DOUBLE)", "DOUBLE");
        assertCast("CAST(a AS JSON)", "JSON");
        assertCast("CONVERT(a, UNSIGNED INTEGER)", "UNSIGNED");
        assertCast("CONVERT(a, CHAR(5))", "CHAR(5)");

        SqlBasicCall using = call("CONVERT(a USING utf8mb4)");
        assertThat(using.getOperator()).isSameAs(MySqlOperators.CONVERT_USING);
        assertThat(((SqlLiteral) using.operand(1)).getValueAs(String.class)).isEqualTo("utf8mb4");

        assertThat(errorOf("SELECT CAST(a AS VARCHAR2)").getMessage()).contains("near 'VARCHAR2)'");
        assertThat(errorOf("SELECT CAST(a AS DATE(3))").getMessage()).contains("near 'DATE(3))'");
    }

    private static void assertCast(String expression, String type) {
        SqlBasicCall cast = call(expression);
        assertThat(cast.getOperator()).as(expression).isSameAs(MySqlOperators.CAST);
        assertThat(((SqlLiteral) cast.operand(1)).getValueAs(String.class)).as(expression).isEqualTo(type);
    }

    @Test
    void unitFunctions() {
        SqlBasicCall extract = call("EXTRACT(YEAR_MONTH FROM d)");
        assertThat(extract.getOperator()).isSameAs(MySqlOperators.EXTRACT);
        assertThat(((SqlLiteral) extract.operand(0)).getValueAs(String.class)).isEqualTo("YEAR_MONTH");

        SqlBasicCall diff = call("TIMESTAMPDIFF(MINUTE, a, b)");
        assertThat(diff.getOperator()).isSameAs(MySqlOperators.TIMESTAMP_DIFF);
        assertThat(((SqlLiteral) diff.operand(0)).getValueAs(String.class)).isEqualTo("MINUTE");
        assertThat(diff.operandCount()).isEqualTo(3);
        assertThat(call("TIMESTAMPADD(week, 1, d)").getOperator()).isSameAs(MySqlOperators.TIMESTAMP_ADD);
    }

    @Test
    void groupConcat() {
        SqlBasicCall full = call("GROUP_CONCAT(DISTINCT a, b ORDER BY c DESC SEPARATOR ';')");
        assertThat(full.getOperator()).isSameAs(MySqlOperators.GROUP_CONCAT);
        assertThat(full.getOperator().isAggregator()).isTrue();
        assertThat((SqlNodeList) full.operand(0)).hasSize(2);
        assertThat((SqlNodeList) full.operand(1)).hasSize(1);
        assertThat(((SqlLiteral) full.operand(2)).getValueAs(String.class)).isEqualTo(";");
        assertThat(((SqlLiteral) full.operand(3)).booleanValue()).isTrue();

        SqlBasicCall plain = call("GROUP_CONCAT(a)");
        assertThat((SqlNodeList) plain.operand(1)).isEmpty();
        assertThat(((SqlLiteral) plain.operand(2)).getValueAs(String.class)).isEqualTo(",");
        assertThat(((SqlLiteral) plain.operand(3)).booleanValue()).isFalse();
    }

    @Test
    void collate() {
        SqlBasicCall collate = call("a COLLATE utf8mb4_bin = 'x'");
        assertThat(collate.getKind()).isEqualTo(SqlKind.EQUALS);
        SqlBasicCall inner = collate.operand(0);
        assertThat(inner.getOperator()).isSameAs(MySqlOperators.COLLATE);
        assertThat(((SqlLiteral) inner.operand(1)).getValueAs(String.class)).isEqualTo("utf8mb4_bin");
    }

    @Test
    void variables() {
        SqlSystemVariable global = (SqlSystemVariable) expr("@@GLOBAL.Max_Connections");
        assertThat(global.scope()).isEqualTo(Scope.GLOBAL);
        assertThat(global.name()).isEqualTo("max_connections");
        assertThat(global.text()).isEqualTo("@@GLOBAL.Max_Connections");
        assertThat(((SqlSystemVariable) expr("@@local.x")).scope()).isEqualTo(Scope.SESSION);
        assertThat(((SqlSystemVariable) expr("@@x")).scope()).isEqualTo(Scope.DEFAULT);

        assertThat(((SqlUserVariable) expr("@Foo")).name()).isEqualTo("foo");
        assertThat(((SqlUserVariable) expr("@'my var'")).name()).isEqualTo("my var");
        assertThat(((SqlUserVariable) expr("@`q`")).name()).isEqualTo("q");
        assertThat(((SqlUserVariable) expr("@\"dq\"")).name()).isEqualTo("dq");

        SqlBasicCall assign = call("@a := @a + 1");
        assertThat(assign.getOperator()).isSameAs(MySqlOperators.ASSIGN);
        assertThat((SqlNode) assign.operand(0)).isInstanceOf(SqlUserVariable.class);
        assertThat(expr("@@x").equalsDeep(expr("@@X"), Litmus.IGNORE)).isTrue();
        assertThat(expr("@@x").equalsDeep(expr("@@y"), Litmus.IGNORE)).isFalse();
    }

    @Test
    void literals() {
        assertThat(((SqlLiteral) expr("\"double\"")).getValueAs(String.class)).isEqualTo("double");
        assertThat(((SqlLiteral) expr("'a\\'b\\nc'")).getValueAs(String.class)).isEqualTo("a'b\nc");
        assertThat(((SqlLiteral) expr("'it''s'")).getValueAs(String.class)).isEqualTo("it's");
        assertThat(((SqlLiteral) expr("'con' \"cat\"")).getValueAs(String.class)).isEqualTo("concat");
        assertThat(((SqlLiteral) expr("_utf8mb4'x'")).getValueAs(String.class)).isEqualTo("x");
        assertThat(((SqlLiteral) expr("N'national'")).getValueAs(String.class)).isEqualTo("national");
        assertThat(expr("_binary'ab'")).isInstanceOf(SqlBinaryStringLiteral.class);
        assertThat(expr("_binary'ab'").toString()).isEqualTo("X'6162'");
        assertThat(expr("X'0a'").toString()).isEqualTo("X'0A'");
        assertThat(expr("0xABC").toString()).isEqualTo("X'0ABC'");
        assertThat(expr("b'101'").toString()).isEqualTo("X'05'");
        assertThat(expr("0b100000001").toString()).isEqualTo("X'0101'");
        assertThat(((SqlLiteral) expr("TRUE")).booleanValue()).isTrue();
        assertThat(((SqlLiteral) expr("1.5e3")).getTypeName().getName()).isEqualTo("DOUBLE");
    }

    @ParameterizedTest
    @ValueSource(strings = {"value", "timestamp", "date", "time", "year", "month", "day", "hour", "minute", "second",
        "status", "user", "name", "type", "level", "text", "count", "position", "comment", "data", "start", "begin",
        "commit", "rollback", "global", "local", "open", "close", "sum", "min", "max", "avg", "key_block_size",
        "engine", "query", "mode", "index", "tables", "columns", "fields", "do", "use", "if", "signed"})
    void keywordsMySqlAllowsAsIdentifiers(String word) {
        SqlSelect select = (SqlSelect) parseAs("SELECT " + word + ", t." + word + " FROM t WHERE " + word
            + " = 1 ORDER BY " + word, SqlOrderBy.class).query;

        assertThat(((SqlIdentifier) select.getSelectList().get(0)).getSimple()).isEqualTo(word);
        assertThat(((SqlIdentifier) select.getSelectList().get(1)).names).containsExactly("t", word);
    }

    @Test
    void queriesAsCalciteProducesThem() {
        SqlOrderBy union = parseAs("SELECT a FROM t1 UNION ALL SELECT b FROM t2 UNION SELECT c FROM t3 LIMIT 5, 10",
            SqlOrderBy.class);
        assertThat(union.query.getKind()).isEqualTo(SqlKind.UNION);
        assertThat(((SqlLiteral) union.offset).intValue(true)).isEqualTo(5);
        assertThat(((SqlLiteral) union.fetch).intValue(true)).isEqualTo(10);

        SqlOrderBy offset = parseAs("SELECT a FROM t LIMIT 10 OFFSET 5", SqlOrderBy.class);
        assertThat(((SqlLiteral) offset.offset).intValue(true)).isEqualTo(5);

        SqlSelect join = parseAs("SELECT t1.a, x.b FROM t1 JOIN t2 ON t1.id = t2.id LEFT OUTER JOIN "
            + "(SELECT id, b FROM t3 WHERE c IN (1, 2, 3)) AS x ON x.id = t1.id "
            + "WHERE EXISTS (SELECT 1 FROM t4 WHERE t4.a = t1.a) AND t1.a IN (SELECT a FROM t5) "
            + "GROUP BY t1.a, x.b HAVING COUNT(*) > 1", SqlSelect.class);
        assertThat(join.getFrom()).isInstanceOf(SqlJoin.class);
        assertThat(join.getGroup()).hasSize(2);
        assertThat(join.getHaving().getKind()).isEqualTo(SqlKind.GREATER_THAN);

        assertThat(expr("CASE WHEN a > 1 THEN 'x' WHEN a < 0 THEN 'y' ELSE 'z' END").getKind())
            .isEqualTo(SqlKind.CASE);
        assertThat(expr("CASE a WHEN 1 THEN 2 END").getKind()).isEqualTo(SqlKind.CASE);
        assertThat(call("COUNT(DISTINCT a)").getFunctionQuantifier().toValue()).isEqualTo("DISTINCT");
        assertThat(((SqlIdentifier) call("COUNT(*)").operand(0)).isStar()).isTrue();
        assertThat(call("SUBSTRING(s FROM 2 FOR 3)").operandCount()).isEqualTo(3);
        assertThat(call("SUBSTRING(s, 2, 3)").getOperator()).isSameAs(SqlStdOperatorTable.SUBSTRING);
        assertThat(call("TRIM(LEADING 'x' FROM s)").getOperator()).isSameAs(SqlStdOperatorTable.TRIM);
        assertThat(call("POSITION('a' IN s)").getOperator()).isSameAs(SqlStdOperatorTable.POSITION);
        assertThat(call("IF(a, 1, 2)").getOperator().getName()).isEqualToIgnoringCase("IF");
        assertThat(call("a BETWEEN 1 AND 2").getKind()).isEqualTo(SqlKind.BETWEEN);
        assertThat(call("a LIKE 'x' ESCAPE '!'").getKind()).isEqualTo(SqlKind.LIKE);
        assertThat(call("a IS NOT NULL").getKind()).isEqualTo(SqlKind.IS_NOT_NULL);
        assertThat(call("a NOT IN (1, 2)").getKind()).isEqualTo(SqlKind.NOT_IN);
        assertThat(expr("(SELECT MAX(a) FROM t)").getKind()).isEqualTo(SqlKind.SELECT);
    }

    @Test
    void fromDualIsNoFromInEveryQueryBlock() {
        assertThat(parseAs("SELECT 1 FROM DUAL", SqlSelect.class).getFrom()).isNull();
        SqlSelect outer = parseAs("SELECT (SELECT 2 FROM dual) FROM t", SqlSelect.class);
        assertThat(outer.getFrom()).isNotNull();
        assertThat(((SqlSelect) outer.getSelectList().get(0)).getFrom()).isNull();
        assertThat(parseAs("SELECT 1 FROM `dual`", SqlSelect.class).getFrom()).isNotNull();
    }

    @Test
    void indexHintsAreDropped() {
        SqlSelect select = parseAs("SELECT * FROM t IGNORE INDEX FOR ORDER BY (x) FORCE INDEX (PRIMARY) "
            + "JOIN u USE KEY FOR JOIN (k) ON t.a = u.a WHERE t.a = 1", SqlSelect.class);
        assertThat(select.getFrom()).isInstanceOf(SqlJoin.class);
    }
}
