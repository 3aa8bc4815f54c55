package io.basalt.sql.parser;

import static io.basalt.sql.parser.Parsing.errorOf;
import static io.basalt.sql.parser.Parsing.parseAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.sql.parser.ast.AlterAction;
import io.basalt.sql.parser.ast.SqlAlterTable;
import io.basalt.sql.parser.ast.SqlColumnSpec;
import io.basalt.sql.parser.ast.SqlCreateDatabase;
import io.basalt.sql.parser.ast.SqlCreateIndex;
import io.basalt.sql.parser.ast.SqlCreateTable;
import io.basalt.sql.parser.ast.SqlDropDatabase;
import io.basalt.sql.parser.ast.SqlDropIndex;
import io.basalt.sql.parser.ast.SqlDropTable;
import io.basalt.sql.parser.ast.SqlIndexColumn;
import io.basalt.sql.parser.ast.SqlIndexSpec;
import io.basalt.sql.parser.ast.SqlRenameTable;
import io.basalt.sql.parser.ast.SqlTruncateTable;
import io.basalt.sql.parser.ast.SqlTypeSpec;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DdlParserTest {

    private static SqlColumnSpec column(String definition) {
        return parseAs("CREATE TABLE t (" + definition + ")", SqlCreateTable.class).columns().get(0);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "TINYINT(1)|TINYINT|1|", "INT1|TINYINT||", "SMALLINT|SMALLINT||", "INT2|SMALLINT||",
        "MEDIUMINT|MEDIUMINT||", "MIDDLEINT|MEDIUMINT||", "INT3|MEDIUMINT||", "INT(11)|INT|11|", "INTEGER|INT||",
        "INT4|INT||", "BIGINT(20)|BIGINT|20|", "INT8|BIGINT||", "BOOL|BOOLEAN||", "BOOLEAN|BOOLEAN||",
        "DECIMAL(10,2)|DECIMAL|10|2", "DEC(5)|DECIMAL|5|", "NUMERIC|DECIMAL||", "FIXED(4,1)|DECIMAL|4|1",
        "FLOAT|FLOAT||", "FLOAT(7,3)|FLOAT|7|3", "DOUBLE|DOUBLE||", "DOUBLE PRECISION|DOUBLE||", "REAL|DOUBLE||",
        "CHAR(10)|CHAR|10|", "CHARACTER(3)|CHAR|3|", "NATIONAL CHAR(2)|CHAR|2|", "NCHAR(2)|CHAR|2|",
        "VARCHAR(20)|VARCHAR|20|", "CHARACTER VARYING(9)|VARCHAR|9|", "NVARCHAR(4)|VARCHAR|4|",
        "NATIONAL VARCHAR(4)|VARCHAR|4|", "BINARY(16)|BINARY|16|", "VARBINARY(255)|VARBINARY|255|",
        "TINYTEXT|TINYTEXT||", "TEXT|TEXT||", "MEDIUMTEXT|MEDIUMTEXT||", "LONGTEXT|LONGTEXT||",
        "TINYBLOB|TINYBLOB||", "BLOB|BLOB||", "MEDIUMBLOB|MEDIUMBLOB||", "LONGBLOB|LONGBLOB||", "DATE|DATE||",
        "TIME(3)|TIME|3|", "DATETIME(6)|DATETIME|6|", "TIMESTAMP|TIMESTAMP||", "YEAR|YEAR||", "JSON|JSON||",
        "BIT(8)|BIT|8|"})
    void columnTypesAreCanonicalized(String written, String name, Integer length, Integer scale) {
        SqlTypeSpec type = column("c " + written).type();

        assertThat(type.name()).isEqualTo(name);
        assertThat(type.length()).isEqualTo(length);
        assertThat(type.scale()).isEqualTo(scale);
    }

    @Test
    void enumAndSetLabelsAreUnescaped() {
        SqlTypeSpec enumType = column("e ENUM('a','b','it''s','x\\'y')").type();
        assertThat(enumType.name()).isEqualTo("ENUM");
        assertThat(enumType.values()).containsExactly("a", "b", "it's", "x'y");
        assertThat(column("s SET('x', \"y\")").type().values()).containsExactly("x", "y");
    }

    @Test
    void numericAndStringTypeAttributes() {
        SqlTypeSpec unsigned = column("f BIGINT UNSIGNED").type();
        assertThat(unsigned.unsigned()).isTrue();
        assertThat(unsigned.zerofill()).isFalse();
        SqlTypeSpec zerofill = column("f INT(5) ZEROFILL").type();
        assertThat(zerofill.zerofill()).isTrue();
        assertThat(zerofill.unsigned()).isTrue();

        SqlTypeSpec text = column("e VARCHAR(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin").type();
        assertThat(text.charset()).isEqualTo("utf8mb4");
        assertThat(text.collation()).isEqualTo("utf8mb4_bin");
        assertThat(column("e TEXT CHARSET latin1 NOT NULL").type().charset()).isEqualTo("latin1");
    }

    @Test
    void columnAttributesInAnyOrder() {
        SqlColumnSpec a = column("id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY COMMENT 'the id'");
        SqlColumnSpec b = column("id BIGINT COMMENT 'the id' PRIMARY KEY AUTO_INCREMENT NOT NULL");
        assertThat(a).isEqualTo(b);
        assertThat(a.notNull()).isTrue();
        assertThat(a.autoIncrement()).isTrue();
        assertThat(a.primaryKey()).isTrue();
        assertThat(a.comment()).isEqualTo("the id");

        assertThat(column("k INT KEY").primaryKey()).isTrue();
        assertThat(column("u INT UNIQUE").unique()).isTrue();
        assertThat(column("u INT UNIQUE KEY").unique()).isTrue();
        assertThat(column("n INT NULL").notNull()).isFalse();
        assertThat(column("n INT").notNull()).isNull();
    }

    @Test
    void defaultValues() {
        assertThat(((SqlLiteral) column("a INT DEFAULT -1").defaultValue()).intValue(true)).isEqualTo(-1);
        assertThat(((SqlLiteral) column("a INT DEFAULT '0'").defaultValue()).getValueAs(String.class))
            .isEqualTo("0");
        assertThat(((SqlLiteral) column("a DOUBLE DEFAULT +1.5").defaultValue()).bigDecimalValue())
            .isEqualByComparingTo("1.5");
        assertThat(column("a INT DEFAULT NULL").defaultValue()).isInstanceOfSatisfying(SqlLiteral.class,
            l -> assertThat(l.getValue()).isNull());
        assertThat(((SqlLiteral) column("a BOOL DEFAULT TRUE").defaultValue()).booleanValue()).isTrue();
        assertThat(column("a BIT(1) DEFAULT b'1'").defaultValue().toString()).isEqualTo("X'01'");
        assertThat(column("a INT DEFAULT (1 + 2)").defaultValue().getKind()).isEqualTo(SqlKind.PLUS);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"CURRENT_TIMESTAMP|0", "CURRENT_TIMESTAMP(3)|1", "NOW()|0", "now(6)|1",
        "LOCALTIMESTAMP|0", "LOCALTIME()|0"})
    void currentTimestampDefaultsAreNormalized(String written, int operands) {
        SqlColumnSpec spec = column("t TIMESTAMP DEFAULT " + written + " ON UPDATE CURRENT_TIMESTAMP");

        SqlBasicCall call = (SqlBasicCall) spec.defaultValue();
        assertThat(call.getOperator().getName()).isEqualTo("CURRENT_TIMESTAMP");
        assertThat(call.operandCount()).isEqualTo(operands);
        assertThat(spec.onUpdateCurrentTimestamp()).isTrue();
        assertThat(column("t TIMESTAMP").onUpdateCurrentTimestamp()).isFalse();
    }

    @Test
    void tableElementsAndOptions() {
        SqlCreateTable create = parseAs("CREATE TABLE IF NOT EXISTS db.t (\n"
            + "  id INT NOT NULL,\n"
            + "  a VARCHAR(50),\n"
            + "  b INT,\n"
            + "  CONSTRAINT pk PRIMARY KEY USING BTREE (id),\n"
            + "  UNIQUE KEY ua (a(10)) COMMENT 'prefix',\n"
            + "  UNIQUE INDEX (b),\n"
            + "  KEY kb (b DESC, a),\n"
            + "  INDEX (a) USING HASH,\n"
            + "  FULLTEXT KEY ft (a),\n"
            + "  CONSTRAINT fk FOREIGN KEY (b) REFERENCES p (id) ON DELETE CASCADE,\n"
            + "  CHECK (b > 0)\n"
            + ") ENGINE=InnoDB AUTO_INCREMENT=100 DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_bin, COMMENT 'tbl' "
            + "ROW_FORMAT = DYNAMIC KEY_BLOCK_SIZE 8", SqlCreateTable.class);

        assertThat(create.table().names).containsExactly("db", "t");
        assertThat(create.ifNotExists()).isTrue();
        assertThat(create.indexes()).containsExactly(
            new SqlIndexSpec(null, SqlIndexSpec.Kind.PRIMARY, List.of(new SqlIndexColumn("id", null, false))),
            new SqlIndexSpec("ua", SqlIndexSpec.Kind.UNIQUE, List.of(new SqlIndexColumn("a", 10, false))),
            new SqlIndexSpec(null, SqlIndexSpec.Kind.UNIQUE, List.of(new SqlIndexColumn("b", null, false))),
            new SqlIndexSpec("kb", SqlIndexSpec.Kind.INDEX,
                List.of(new SqlIndexColumn("b", null, true), new SqlIndexColumn("a", null, false))),
            new SqlIndexSpec(null, SqlIndexSpec.Kind.INDEX, List.of(new SqlIndexColumn("a", null, false))),
            new SqlIndexSpec("ft", SqlIndexSpec.Kind.FULLTEXT, List.of(new SqlIndexColumn("a", null, false))));
        assertThat(create.ignoredConstraints()).containsExactly(
            "CONSTRAINT fk FOREIGN KEY (b) REFERENCES p (id)", "CHECK (`b` > 0)");
        assertThat(create.autoIncrementStart()).isEqualTo(100L);
        assertThat(create.comment()).isEqualTo("tbl");
        assertThat(create.options()).containsEntry("ENGINE", "InnoDB").containsEntry("CHARSET", "utf8mb4")
            .containsEntry("COLLATE", "utf8mb4_bin").containsEntry("ROW_FORMAT", "DYNAMIC")
            .containsEntry("KEY_BLOCK_SIZE", "8");
    }

    @Test
    void columnLevelReferencesAreRecordedAsIgnoredConstraints() {
        SqlCreateTable create = parseAs("CREATE TABLE c (pid INT REFERENCES p(id), n INT CHECK (n <> 0))",
            SqlCreateTable.class);
        assertThat(create.ignoredConstraints()).containsExactly("FOREIGN KEY (pid) REFERENCES p (id)",
            "CHECK (`n` <> 0)");
    }

    @Test
    void createTableLike() {
        assertThat(parseAs("CREATE TABLE t2 LIKE t1", SqlCreateTable.class).likeTable().names)
            .containsExactly("t1");
        assertThat(parseAs("CREATE TABLE t2 (LIKE db.t1)", SqlCreateTable.class).likeTable().names)
            .containsExactly("db", "t1");
    }

    @Test
    void unknownTypesAndMisplacedLabelsAreSyntaxErrors() {
        assertThat(errorOf("CREATE TABLE t (a STRING)").code()).isEqualTo(ErrorCode.PARSE_ERROR.code());
        assertThat(errorOf("CREATE TABLE t (a INT('x'))").getMessage()).contains("near 'INT('x'))'");
        assertThat(errorOf("CREATE TABLE t (a ENUM)").code()).isEqualTo(ErrorCode.PARSE_ERROR.code());
    }

    @Test
    void databases() {
        SqlCreateDatabase create = parseAs(
            "CREATE DATABASE IF NOT EXISTS shop DEFAULT CHARACTER SET = utf8mb4 DEFAULT COLLATE utf8mb4_bin",
            SqlCreateDatabase.class);
        assertThat(create.name()).isEqualTo("shop");
        assertThat(create.ifNotExists()).isTrue();
        assertThat(create.charset()).isEqualTo("utf8mb4");
        assertThat(create.collation()).isEqualTo("utf8mb4_bin");
        SqlCreateDatabase schema = parseAs("CREATE SCHEMA s", SqlCreateDatabase.class);
        assertThat(schema.charset()).isNull();

        SqlDropDatabase drop = parseAs("DROP SCHEMA IF EXISTS `s`", SqlDropDatabase.class);
        assertThat(drop.name()).isEqualTo("s");
        assertThat(drop.ifExists()).isTrue();
        assertThat(parseAs("DROP DATABASE d", SqlDropDatabase.class).ifExists()).isFalse();
    }

    @Test
    void indexes() {
        SqlCreateIndex unique = parseAs(
            "CREATE UNIQUE INDEX ux USING BTREE ON db.t (a(10), b DESC) COMMENT 'c' ALGORITHM = INPLACE LOCK NONE",
            SqlCreateIndex.class);
        assertThat(unique.kind()).isEqualTo(SqlIndexSpec.Kind.UNIQUE);
        assertThat(unique.table().names).containsExactly("db", "t");
        assertThat(unique.columns()).containsExactly(new SqlIndexColumn("a", 10, false),
            new SqlIndexColumn("b", null, true));
        assertThat(parseAs("CREATE FULLTEXT INDEX f ON t (a)", SqlCreateIndex.class).kind())
            .isEqualTo(SqlIndexSpec.Kind.FULLTEXT);

        SqlDropIndex drop = parseAs("DROP INDEX `PRIMARY` ON t", SqlDropIndex.class);
        assertThat(drop.name()).isEqualTo("PRIMARY");
        assertThat(drop.table().names).containsExactly("t");
    }

    @Test
    void dropRenameTruncate() {
        SqlDropTable drop = parseAs("DROP TEMPORARY TABLES a, db.b CASCADE", SqlDropTable.class);
        assertThat(drop.temporary()).isTrue();
        assertThat(drop.ifExists()).isFalse();
        assertThat(drop.tables()).extracting(SqlNode::toString).containsExactly("a", "db.b");

        SqlRenameTable rename = parseAs("RENAME TABLE a TO b, db.c TO db.d", SqlRenameTable.class);
        assertThat(rename.renames()).hasSize(2);
        assertThat(rename.renames().get(1).to().names).containsExactly("db", "d");

        assertThat(parseAs("TRUNCATE t", SqlTruncateTable.class).table().names).containsExactly("t");
        assertThat(parseAs("TRUNCATE TABLE db.t", SqlTruncateTable.class).table().names)
            .containsExactly("db", "t");
    }

    @Test
    void alterTableActions() {
        SqlAlterTable alter = parseAs("ALTER TABLE t ADD COLUMN x INT NOT NULL AFTER a, ADD y TEXT FIRST, "
            + "ADD COLUMN (p INT, q INT), DROP COLUMN z, DROP w, ADD INDEX ix (x), ADD CONSTRAINT pk PRIMARY KEY (id), "
            + "ADD UNIQUE KEY (y(5)), DROP INDEX ix2, DROP KEY ix3, DROP PRIMARY KEY, MODIFY COLUMN m BIGINT, "
            + "CHANGE old renamed VARCHAR(5) NOT NULL, RENAME TO u, ENGINE=InnoDB, AUTO_INCREMENT = 5",
            SqlAlterTable.class);

        List<AlterAction> actions = alter.actions();
        assertThat(actions).hasSize(17);
        assertThat(actions.get(0)).isInstanceOfSatisfying(AlterAction.AddColumn.class, add -> {
            assertThat(add.column().name()).isEqualTo("x");
            assertThat(add.after()).isEqualTo("a");
            assertThat(add.first()).isFalse();
        });
        assertThat(((AlterAction.AddColumn) actions.get(1)).first()).isTrue();
        assertThat(((AlterAction.AddColumn) actions.get(2)).column().name()).isEqualTo("p");
        assertThat(((AlterAction.AddColumn) actions.get(3)).column().name()).isEqualTo("q");
        assertThat(actions.get(4)).isEqualTo(new AlterAction.DropColumn("z"));
        assertThat(actions.get(5)).isEqualTo(new AlterAction.DropColumn("w"));
        assertThat(((AlterAction.AddIndex) actions.get(6)).index().name()).isEqualTo("ix");
        assertThat(((AlterAction.AddIndex) actions.get(7)).index().kind()).isEqualTo(SqlIndexSpec.Kind.PRIMARY);
        assertThat(((AlterAction.AddIndex) actions.get(8)).index().columns())
            .containsExactly(new SqlIndexColumn("y", 5, false));
        assertThat(actions.get(9)).isEqualTo(new AlterAction.DropIndex("ix2"));
        assertThat(actions.get(10)).isEqualTo(new AlterAction.DropIndex("ix3"));
        assertThat(actions.get(11)).isEqualTo(new AlterAction.DropPrimaryKey());
        assertThat(actions.get(12)).isInstanceOfSatisfying(AlterAction.ModifyColumn.class, modify -> {
            assertThat(modify.oldName()).isEqualTo("m");
            assertThat(modify.column().type().name()).isEqualTo("BIGINT");
        });
        assertThat(actions.get(13)).isInstanceOfSatisfying(AlterAction.ModifyColumn.class, change -> {
            assertThat(change.oldName()).isEqualTo("old");
            assertThat(change.column().name()).isEqualTo("renamed");
        });
        assertThat(((AlterAction.RenameTable) actions.get(14)).to().names).containsExactly("u");
        assertThat(actions.subList(15, 17)).containsOnly(new AlterAction.TableOptions());
    }
}
