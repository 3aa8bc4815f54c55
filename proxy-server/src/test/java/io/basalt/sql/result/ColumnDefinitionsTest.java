package io.basalt.sql.result;

import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.sysvar.SystemVariables;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Column definitions as MariaDB 10.11.18 sent them ({@code mariadb --column-type-info}, character_set_results
 * utf8mb4) for the tables of {@link SampleTables} and for common expressions.
 */
class ColumnDefinitionsTest {
    private static final Map<String, Integer> FLAGS = Map.ofEntries(
            Map.entry("NOT_NULL", ColumnFlags.NOT_NULL), Map.entry("PRI_KEY", ColumnFlags.PRI_KEY),
            Map.entry("UNIQUE_KEY", ColumnFlags.UNIQUE_KEY), Map.entry("MULTIPLE_KEY", ColumnFlags.MULTIPLE_KEY),
            Map.entry("BLOB", ColumnFlags.BLOB), Map.entry("UNSIGNED", ColumnFlags.UNSIGNED),
            Map.entry("ZEROFILL", ColumnFlags.ZEROFILL), Map.entry("BINARY", ColumnFlags.BINARY),
            Map.entry("ENUM", ColumnFlags.ENUM), Map.entry("AUTO_INCREMENT", ColumnFlags.AUTO_INCREMENT),
            Map.entry("TIMESTAMP", ColumnFlags.TIMESTAMP), Map.entry("NO_DEFAULT_VALUE", ColumnFlags.NO_DEFAULT_VALUE),
            Map.entry("ON_UPDATE_NOW", ColumnFlags.ON_UPDATE_NOW), Map.entry("NUM", ColumnFlags.NUM),
            Map.entry("PART_KEY", ColumnDefinitions.PART_KEY));

    @ParameterizedTest(name = "{0}.{1}")
    @CsvSource(delimiter = '|', textBlock = """
            t_all | id   | LONG        | 11         | 0  | 63 | NOT_NULL PRI_KEY AUTO_INCREMENT NUM PART_KEY
            t_all | ti   | TINY        | 4          | 0  | 63 | NUM
            t_all | tiu  | TINY        | 3          | 0  | 63 | UNSIGNED NUM
            t_all | si   | SHORT       | 6          | 0  | 63 | NUM
            t_all | siu  | SHORT       | 5          | 0  | 63 | NOT_NULL UNSIGNED NUM
            t_all | mi   | INT24       | 9          | 0  | 63 | NUM
            t_all | miu  | INT24       | 8          | 0  | 63 | UNSIGNED NUM
            t_all | i    | LONG        | 11         | 0  | 63 | NUM
            t_all | iu   | LONG        | 10         | 0  | 63 | UNSIGNED NUM
            t_all | bi   | LONGLONG    | 20         | 0  | 63 | NUM
            t_all | biu  | LONGLONG    | 20         | 0  | 63 | UNSIGNED NUM
            t_all | b    | TINY        | 1          | 0  | 63 | NUM
            t_all | de   | NEWDECIMAL  | 12         | 2  | 63 | NUM
            t_all | deu  | NEWDECIMAL  | 11         | 2  | 63 | UNSIGNED NUM
            t_all | de0  | NEWDECIMAL  | 6          | 0  | 63 | NUM
            t_all | ded  | NEWDECIMAL  | 11         | 0  | 63 | NUM
            t_all | fl   | FLOAT       | 12         | 31 | 63 | NUM
            t_all | dbl  | DOUBLE      | 22         | 31 | 63 | NUM
            t_all | fl2  | FLOAT       | 7          | 3  | 63 | NUM
            t_all | db2  | DOUBLE      | 10         | 4  | 63 | NUM
            t_all | c    | STRING      | 40         | 0  | 45 |
            t_all | vc   | VAR_STRING  | 400        | 0  | 45 | NOT_NULL MULTIPLE_KEY NO_DEFAULT_VALUE PART_KEY
            t_all | vcb  | VAR_STRING  | 80         | 0  | 45 | BINARY
            t_all | bn   | STRING      | 8          | 0  | 63 | BINARY
            t_all | vb   | VAR_STRING  | 50         | 0  | 63 | BINARY
            t_all | tt   | BLOB        | 1020       | 0  | 45 | BLOB
            t_all | tx   | BLOB        | 262140     | 0  | 45 | BLOB
            t_all | mt   | BLOB        | 67108860   | 0  | 45 | BLOB
            t_all | lt   | BLOB        | 4294967295 | 0  | 45 | BLOB
            t_all | tb   | BLOB        | 255        | 0  | 63 | BLOB BINARY
            t_all | bl   | BLOB        | 65535      | 0  | 63 | BLOB BINARY
            t_all | mb   | BLOB        | 16777215   | 0  | 63 | BLOB BINARY
            t_all | lb   | BLOB        | 4294967295 | 0  | 63 | BLOB BINARY
            t_all | dt   | DATE        | 10         | 0  | 63 | BINARY
            t_all | tm   | TIME        | 10         | 0  | 63 | BINARY
            t_all | tm3  | TIME        | 14         | 3  | 63 | BINARY
            t_all | dtm  | DATETIME    | 19         | 0  | 63 | BINARY
            t_all | dtm6 | DATETIME    | 26         | 6  | 63 | BINARY
            t_all | ts   | TIMESTAMP   | 19         | 0  | 63 | UNSIGNED BINARY
            t_all | ts3  | TIMESTAMP   | 23         | 3  | 63 | UNSIGNED BINARY
            t_all | yr   | YEAR        | 4          | 0  | 63 | UNSIGNED ZEROFILL NUM
            t_all | en   | STRING      | 12         | 0  | 45 | ENUM
            t_all | js   | BLOB        | 4294967295 | 0  | 45 | BLOB BINARY
            t_all | u1   | LONG        | 11         | 0  | 63 | NOT_NULL UNIQUE_KEY NO_DEFAULT_VALUE NUM PART_KEY
            t_all | uk   | LONG        | 11         | 0  | 63 | UNIQUE_KEY NUM PART_KEY
            t_all | k    | LONG        | 11         | 0  | 63 | MULTIPLE_KEY NUM PART_KEY
            t2    | a    | LONG        | 11         | 0  | 63 | NOT_NULL PRI_KEY NO_DEFAULT_VALUE NUM PART_KEY
            t2    | b    | LONG        | 11         | 0  | 63 | NOT_NULL PRI_KEY NO_DEFAULT_VALUE NUM PART_KEY
            t2    | c    | LONG        | 11         | 0  | 63 | MULTIPLE_KEY NUM PART_KEY
            t2    | d    | LONG        | 11         | 0  | 63 | MULTIPLE_KEY NUM PART_KEY
            t2    | e    | LONG        | 11         | 0  | 63 | MULTIPLE_KEY NUM PART_KEY
            t2    | f    | VAR_STRING  | 40         | 0  | 45 | UNIQUE_KEY PART_KEY
            t2    | g    | TIMESTAMP   | 19         | 0  | 63 | NOT_NULL UNSIGNED BINARY TIMESTAMP ON_UPDATE_NOW
            t2    | h    | TIMESTAMP   | 23         | 3  | 63 | NOT_NULL UNSIGNED BINARY TIMESTAMP
            t2    | i    | LONG        | 11         | 0  | 63 | NOT_NULL NUM
            t2    | j    | DATETIME    | 19         | 0  | 63 | NOT_NULL BINARY NO_DEFAULT_VALUE
            t2    | k    | BLOB        | 262140     | 0  | 45 | NOT_NULL BLOB NO_DEFAULT_VALUE
            t2    | l    | LONG        | 11         | 0  | 63 | MULTIPLE_KEY NUM PART_KEY
            t3    | a    | TIMESTAMP   | 19         | 0  | 63 | NOT_NULL UNSIGNED BINARY
            t3    | b    | TIMESTAMP   | 19         | 0  | 63 | UNSIGNED BINARY TIMESTAMP
            t3    | c    | DATETIME    | 19         | 0  | 63 | BINARY ON_UPDATE_NOW
            t3    | d    | DATETIME    | 22         | 2  | 63 | NOT_NULL BINARY
            t3    | id   | LONGLONG    | 20         | 0  | 63 | NOT_NULL PRI_KEY UNSIGNED AUTO_INCREMENT NUM PART_KEY
            """)
    void tableColumnsAsMariaDbSendsThem(String table, String column, FieldType type, long length, int decimals,
                                         int collation, String flags) {
        TableDef t = switch (table) {
            case "t_all" -> SampleTables.tAll();
            case "t2" -> SampleTables.t2();
            default -> SampleTables.t3();
        };
        ColumnDef c = t.column(column).orElseThrow();

        ColumnDefinition def = ColumnDefinitions.forColumn("d1", "x", t, c, "label");

        assertThat(def.type()).isEqualTo(type);
        assertThat(def.columnLength()).isEqualTo(length);
        assertThat(def.decimals()).isEqualTo(decimals);
        assertThat(def.collationId()).isEqualTo(collation);
        assertThat(flagNames(def.flags())).isEqualTo(flagNames(flags(flags)));
    }

    @Test
    void tableColumnCarriesSchemaAliasAndOriginNames() {
        TableDef t = SampleTables.tAll();

        ColumnDefinition def = ColumnDefinitions.forColumn("d1", "a", t, t.column("vc").orElseThrow(), "v");

        assertThat(List.of(def.schema(), def.table(), def.orgTable(), def.name(), def.orgName()))
                .containsExactly("d1", "a", "t_all", "v", "vc");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            1                    | INT        | 1  | 0 | false | false | LONG        | 1          | 0  | 63 | NOT_NULL BINARY NUM
            12345678901          | BIGINT     | 11 | 0 | false | false | LONGLONG    | 11         | 0  | 63 | NOT_NULL BINARY NUM
            1.5                  | DECIMAL    | 2  | 1 | false | false | NEWDECIMAL  | 4          | 1  | 63 | NOT_NULL BINARY NUM
            -1.25                | DECIMAL    | 3  | 2 | false | false | NEWDECIMAL  | 5          | 2  | 63 | NOT_NULL BINARY NUM
            'abc'                | VARCHAR    | 3  | 0 | false | false | VAR_STRING  | 12         | 39 | 45 | NOT_NULL
            NULL                 | NULL       | 0  | 0 | true  | false | NULL        | 0          | 0  | 63 | BINARY NUM
            now()                | DATETIME   | 0  | 0 | false | false | DATETIME    | 19         | 0  | 63 | NOT_NULL BINARY
            now(3)               | DATETIME   | 0  | 3 | false | false | DATETIME    | 23         | 3  | 63 | NOT_NULL BINARY
            curdate()            | DATE       | 0  | 0 | false | false | DATE        | 10         | 0  | 63 | NOT_NULL BINARY
            curtime()            | TIME       | 0  | 0 | false | false | TIME        | 10         | 0  | 63 | NOT_NULL BINARY
            count(*)             | BIGINT     | 21 | 0 | false | false | LONGLONG    | 21         | 0  | 63 | NOT_NULL BINARY NUM
            avg(i)               | DECIMAL    | 14 | 4 | true  | false | NEWDECIMAL  | 16         | 4  | 63 | BINARY NUM
            cast(1 as unsigned)  | INT        | 1  | 0 | false | true  | LONG        | 1          | 0  | 63 | NOT_NULL UNSIGNED BINARY NUM
            cast(1.2 as dec)     | DECIMAL    | 10 | 3 | false | false | NEWDECIMAL  | 12         | 3  | 63 | NOT_NULL BINARY NUM
            connection_id()      | INT        | 10 | 0 | false | true  | LONG        | 10         | 0  | 63 | NOT_NULL UNSIGNED BINARY NUM
            last_insert_id()     | BIGINT     | 21 | 0 | false | true  | LONGLONG    | 21         | 0  | 63 | NOT_NULL UNSIGNED BINARY NUM
            database()           | VARCHAR    | 64 | 0 | true  | false | VAR_STRING  | 256        | 39 | 45 |
            fl+1                 | DOUBLE     | 0  | 0 | true  | false | DOUBLE      | 22         | 31 | 63 | BINARY NUM
            max(bn)              | BINARY     | 8  | 0 | true  | false | STRING      | 8          | 39 | 63 | BINARY
            max(tb)              | TINYBLOB   | 0  | 0 | true  | false | TINY_BLOB   | 255        | 39 | 63 | BINARY
            max(js)              | JSON       | 0  | 0 | true  | false | LONG_BLOB   | 4294967295 | 39 | 45 | BINARY
            max(dtm6)            | DATETIME   | 0  | 6 | true  | false | DATETIME    | 26         | 6  | 63 | BINARY
            max(tm3)             | TIME       | 0  | 3 | true  | false | TIME        | 14         | 3  | 63 | BINARY
            """)
    void expressionsAsMariaDbSendsThem(String expression, TypeKind kind, int lengthOrPrecision, int scale,
                                        boolean nullable, boolean unsigned, FieldType type, long length,
                                        int decimals, int collation, String flags) {
        SqlType sqlType = kind == TypeKind.DECIMAL
                ? SqlType.decimal(lengthOrPrecision, scale)
                : new SqlType(kind, lengthOrPrecision, 0, scale, unsigned, List.of());

        ColumnDefinition def = ColumnDefinitions.forExpression(expression, sqlType, nullable);

        assertThat(def.type()).isEqualTo(type);
        assertThat(def.columnLength()).isEqualTo(length);
        assertThat(def.decimals()).isEqualTo(decimals);
        assertThat(def.collationId()).isEqualTo(collation);
        assertThat(flagNames(def.flags())).isEqualTo(flagNames(flags(flags)));
        assertThat(List.of(def.schema(), def.table(), def.orgTable(), def.orgName())).containsOnly("");
    }

    @ParameterizedTest(name = "@@{0}")
    @CsvSource(delimiter = '|', textBlock = """
            autocommit          | LONGLONG   | 1  | 0  | 63 | BINARY NUM
            tx_read_only        | LONGLONG   | 1  | 0  | 63 | BINARY NUM
            max_allowed_packet  | LONGLONG   | 21 | 0  | 63 | UNSIGNED BINARY NUM
            auto_increment_increment | LONGLONG | 21 | 0 | 63 | UNSIGNED BINARY NUM
            long_query_time     | DOUBLE     | 21 | 6  | 63 | BINARY NUM
            license             | VAR_STRING | 40 | 39 | 45 |
            tx_isolation        | VAR_STRING | 60 | 39 | 45 |
            """)
    void systemVariablesAsMariaDbSendsThem(String name, FieldType type, long length, int decimals, int collation,
                                            String flags) {
        SystemVariables globals = SystemVariables.withDefaults();

        ColumnDefinition def = ColumnDefinitions.forSystemVariable("@@" + name, globals.definition(name),
                globals.get(name));

        assertThat(def.name()).isEqualTo("@@" + name);
        assertThat(def.type()).isEqualTo(type);
        assertThat(def.columnLength()).isEqualTo(length);
        assertThat(def.decimals()).isEqualTo(decimals);
        assertThat(def.collationId()).isEqualTo(collation);
        assertThat(flagNames(def.flags())).isEqualTo(flagNames(flags(flags)));
    }

    private static int flags(String names) {
        int flags = 0;
        if (names != null) {
            for (String n : names.trim().split("\\s+")) {
                flags |= FLAGS.get(n);
            }
        }
        return flags;
    }

    private static List<String> flagNames(int flags) {
        return FLAGS.entrySet().stream().filter(e -> (flags & e.getValue()) != 0).map(Map.Entry::getKey).sorted()
                .toList();
    }
}
