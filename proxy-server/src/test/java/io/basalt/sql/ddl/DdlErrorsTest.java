package io.basalt.sql.ddl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.parser.BasaltSqlParser;
import io.basalt.sql.type.TypeKind;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** MySQL/MariaDB error codes and texts of DDL validation (texts as MariaDB 10.11 sends them). */
class DdlErrorsTest extends DdlTestBase {

    @Test
    void databases() {
        assertThat(exec("CREATE DATABASE d2")).isEqualTo(1);
        error("CREATE DATABASE d2", 1007, "Can't create database 'd2'; database exists");
        assertThat(exec("CREATE DATABASE IF NOT EXISTS d2")).isZero();
        assertThat(warnings.entries()).containsExactly(
                new Warnings.Entry("Note", 1007, "Can't create database 'd2'; database exists"));
        exec("CREATE TABLE d2.a (x int)");
        exec("CREATE TABLE d2.b (x int)");
        assertThat(exec("DROP DATABASE d2")).isEqualTo(2);
        assertThat(catalog.snapshot().database("d2")).isEmpty();
        assertThat(catalog.snapshot().tables("d2")).isEmpty();
        error("DROP DATABASE d2", 1008, "Can't drop database 'd2'; database doesn't exist");
        assertThat(exec("DROP DATABASE IF EXISTS d2")).isZero();
        assertThat(warnings.entries()).extracting(Warnings.Entry::code).containsExactly(1008);
        error("CREATE DATABASE " + "a".repeat(65), 1102, "Incorrect database name '" + "a".repeat(65) + "'");
        error("CREATE DATABASE d3 CHARACTER SET klingon", 1115, "Unknown character set: 'klingon'");
    }

    @Test
    void databaseDefaultsReachItsTables() {
        exec("CREATE DATABASE l1 CHARACTER SET latin1");
        exec("CREATE TABLE l1.t (s varchar(10))");
        TableDef t = catalog.snapshot().table("l1", "t").orElseThrow();
        assertThat(t.collation()).isEqualTo("latin1_swedish_ci");
        assertThat(t.columns().get(0).collation()).isEqualTo("latin1_swedish_ci");
    }

    @Test
    void tableNamesAndDatabases() {
        assertThatThrownBy(() -> ddl.execute(BasaltSqlParser.parse("CREATE TABLE t (a int)"), null, new Warnings()))
                .isInstanceOf(MySqlException.class).hasMessage("No database selected");
        error("CREATE TABLE nodb.t (a int)", 1049, "Unknown database 'nodb'");
        exec("CREATE TABLE t (a int)");
        error("CREATE TABLE t (b int)", 1050, "Table 't' already exists");
        assertThat(exec("CREATE TABLE IF NOT EXISTS t (b int)")).isZero();
        assertThat(warnings.entries()).containsExactly(new Warnings.Entry("Note", 1050, "Table 't' already exists"));
        exec("CREATE TABLE T (b int)");
        assertThat(catalog.snapshot().tables("test")).extracting(TableDef::name).containsExactly("T", "t");
        error("CREATE TABLE " + "t".repeat(65) + " (a int)", 1103, "Incorrect table name '" + "t".repeat(65) + "'");
    }

    @Test
    void columns() {
        error("CREATE TABLE e (a int, a int)", 1060, "Duplicate column name 'a'");
        error("CREATE TABLE e (id int, `Id` int)", 1060, "Duplicate column name 'Id'");
        error("CREATE TABLE e (" + "c".repeat(65) + " int)", 1059, "Identifier name '" + "c".repeat(65)
                + "' is too long");
        error("CREATE TABLE e (a int on update current_timestamp)", 1294, "Invalid ON UPDATE clause for 'a' column");
        error("CREATE TABLE e (a varchar(10) auto_increment primary key)", 1063,
                "Incorrect column specifier for column 'a'");
    }

    @Test
    void keys() {
        error("CREATE TABLE e (a int, key k(a), key k(a))", 1061, "Duplicate key name 'k'");
        error("CREATE TABLE e (a int primary key, b int primary key)", 1068, "Multiple primary key defined");
        error("CREATE TABLE e (a int primary key, b int, primary key(b))", 1068, "Multiple primary key defined");
        String wrongAuto = "Incorrect table definition; there can be only one auto column and it must be defined as"
                + " a key";
        error("CREATE TABLE e (a int auto_increment, b int)", 1075, wrongAuto);
        error("CREATE TABLE e (a int auto_increment, b int, key(b, a))", 1075, wrongAuto);
        error("CREATE TABLE e (a int auto_increment, b int auto_increment, key(a), key(b))", 1075, wrongAuto);
        error("CREATE TABLE e (a int, key(z))", 1072, "Key column 'z' doesn't exist in table");
        error("CREATE TABLE e (a int, key(a, a))", 1060, "Duplicate column name 'a'");
        error("CREATE TABLE e (a blob primary key)", 1170,
                "BLOB/TEXT column 'a' used in key specification without a key length");
        error("CREATE TABLE e (a int, unique key `PRIMARY` (a))", 1280, "Incorrect index name 'PRIMARY'");
        String subKey = "Incorrect prefix key; the used key part isn't a string, the used length is longer than the"
                + " key part, or the storage engine doesn't support unique prefix keys";
        error("CREATE TABLE e (a int, key(a(3)))", 1089, subKey);
        error("CREATE TABLE e (a varchar(10), key(a(20)))", 1089, subKey);
        error("CREATE TABLE e (a varchar(800), primary key (a))", 1071,
                "Specified key was too long; max key length is 3072 bytes");
        error("CREATE TABLE e (a varchar(800), b varchar(800), key(a, b))", 1071,
                "Specified key was too long; max key length is 3072 bytes");
    }

    @Test
    void primaryKeyColumnsBecomeNotNull() {
        exec("CREATE TABLE p (a int null, b varchar(5), primary key (a, b))");
        assertThat(table("p").columns()).noneMatch(ColumnDef::nullable);
        assertThat(table("p").hasHandleColumn()).isFalse();
        error("CREATE TABLE e (a int primary key default null)", 1067, "Invalid default value for 'a'");
        exec("CREATE TABLE h (id bigint unsigned primary key, k int)");
        assertThat(table("h").handleColumnId()).isEqualTo(table("h").column("id").orElseThrow().id());
    }

    @Test
    void longKeysAreShortenedWithANote() {
        exec("CREATE TABLE lk (a varchar(1000), t text, key(a), key(t), unique(t))");
        TableDef t = table("lk");
        assertThat(t.index("a").orElseThrow().columns().get(0).prefixLength()).isEqualTo(768);
        assertThat(t.index("t").orElseThrow().columns().get(0).prefixLength()).isEqualTo(768);
        assertThat(t.index("t_2").orElseThrow().columns().get(0).prefixLength()).isZero();
        assertThat(warnings.entries()).extracting(Warnings.Entry::code).containsExactly(1071, 1071);
    }

    @Test
    void duplicateIndexGetsANote() {
        exec("CREATE TABLE d (a int, key(a), key(a))");
        assertThat(warnings.entries()).containsExactly(new Warnings.Entry("Note", 1831,
                "Duplicate index `a_2`. This is deprecated and will be disallowed in a future release"));
    }

    @Test
    void invalidDefaults() {
        for (String col : new String[] {"int default 'abc'", "tinyint default 300", "tinyint unsigned default -1",
                "varchar(10) default 'abcdefghijklmno'", "varchar(10) not null default null",
                "int auto_increment default 1 primary key", "date default 'x'", "enum('x') default 'y'",
                "datetime default '2020-13-01'", "int default current_timestamp", "time default '839:00:00'",
                "decimal(4,2) default 100", "date default '0000-00-00'"}) {
            error("CREATE TABLE e (a " + col + ")", 1067, "Invalid default value for 'a'");
        }
    }

    @Test
    void defaultsAreConvertedToTheColumnType() {
        exec("CREATE TABLE dv (a int default '12', b decimal(5,2) default 1.5, c double default 2.5e10,"
                + " d date default '2020-01-02', e datetime(3) default '2020-01-01 10:00:00.1235',"
                + " f time(1) default '-1:02:03.45', g enum('x','Y') default 'y', h binary(3) default 'a',"
                + " i text default 'hello', j year default 24, k bool default true, l char(5) default 'ab  ',"
                + " m float default 0.1, n bigint unsigned default 18446744073709551615,"
                + " o timestamp(3) default current_timestamp(2), p datetime(6) default now())");
        TableDef t = table("dv");
        assertThat(defaults(t)).containsExactly(12L, new BigDecimal("1.50"), 2.5e10, LocalDate.of(2020, 1, 2),
                LocalDateTime.of(2020, 1, 1, 10, 0, 0, 124_000_000), Duration.ofMillis(-3_723_500), "Y",
                new byte[] {'a', 0, 0}, "hello", 2024L, 1L, "ab", (double) 0.1f, -1L,
                new DefaultValue.CurrentTimestamp(2), new DefaultValue.CurrentTimestamp(6));
    }

    private static Object[] defaults(TableDef t) {
        return t.columns().stream().map(c -> c.defaultValue() instanceof DefaultValue.Constant k ? k.value()
                : c.defaultValue()).toArray();
    }

    @Test
    void jsonIsALongText() {
        exec("CREATE TABLE j (a json default '{}', b json not null, key (b))");
        assertThat(defaults(table("j"))[0]).isEqualTo("{}");
        assertThat(table("j").index("b").orElseThrow().columns().get(0).prefixLength()).isEqualTo(768);
        error("CREATE TABLE e (a json primary key)", 1170,
                "BLOB/TEXT column 'a' used in key specification without a key length");
    }

    @Test
    void typeLimits() {
        error("CREATE TABLE e (a varchar(20000))", 1074,
                "Column length too big for column 'a' (max = 16383); use BLOB or TEXT instead");
        error("CREATE TABLE e (a char(256))", 1074,
                "Column length too big for column 'a' (max = 255); use BLOB or TEXT instead");
        error("CREATE TABLE e (a varbinary(70000))", 1074,
                "Column length too big for column 'a' (max = 65532); use BLOB or TEXT instead");
        error("CREATE TABLE e (a decimal(66,2))", 1426, "Too big precision specified for 'a'. Maximum is 65");
        error("CREATE TABLE e (a decimal(65,39))", 1425, "Too big scale specified for 'a'. Maximum is 38");
        error("CREATE TABLE e (a decimal(5,6))", 1427,
                "For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column 'a')");
        error("CREATE TABLE e (a datetime(7))", 1426, "Too big precision specified for 'a'. Maximum is 6");
        error("CREATE TABLE e (a int(256))", 1439, "Display width out of range for 'a' (max = 255)");
        error("CREATE TABLE e (a float(60))", 1063, "Incorrect column specifier for column 'a'");
        error("CREATE TABLE e (e enum('x','X'))", 1291, "Column 'e' has duplicated value 'X' in ENUM");
        error("CREATE TABLE e (a set('x'))", 1235, "This version of Basalt doesn't yet support 'SET columns'");
        error("CREATE TABLE e (a bit(3))", 1235, "This version of Basalt doesn't yet support 'BIT columns'");
    }

    @Test
    void typeMapping() {
        exec("CREATE TABLE tm (a boolean, b int unsigned, c decimal, d float(30), e varchar(10) character set"
                + " binary, f text(100), g integer, h dec(7), i mediumint zerofill)");
        TableDef t = table("tm");
        assertThat(t.columns()).extracting(c -> c.type().kind() + "/" + c.type().length() + "/"
                + c.type().precision() + "/" + c.type().scale() + "/" + c.type().unsigned())
                .containsExactly("TINYINT/1/0/0/false", "INT/10/0/0/true", "DECIMAL/0/10/0/false",
                        "DOUBLE/0/0/0/false", "VARBINARY/10/0/0/false", "TEXT/0/0/0/false", "INT/11/0/0/false",
                        "DECIMAL/0/7/0/false", "MEDIUMINT/8/0/0/true");
        assertThat(t.columns().get(4).collation()).isNull();
        assertThat(t.columns().get(5).type().kind()).isEqualTo(TypeKind.TEXT);
    }

    @Test
    void dropTableListsEveryMissingTable() {
        exec("CREATE TABLE present (a int)");
        error("DROP TABLE nope1, present, nope2", 1051, "Unknown table 'test.nope1,test.nope2'");
        assertThat(catalog.snapshot().table("test", "present")).as("existing tables are dropped").isEmpty();
        assertThat(exec("DROP TABLE IF EXISTS nope1, nope2")).isZero();
        assertThat(warnings.entries()).containsExactly(
                new Warnings.Entry("Note", 1051, "Unknown table 'test.nope1,test.nope2'"));
        exec("CREATE TABLE tmp (a int)");
        error("DROP TEMPORARY TABLE tmp", 1051, "Unknown table 'test.tmp'");
    }

    @Test
    void missingTables() {
        error("TRUNCATE TABLE nope", 1146, "Table 'test.nope' doesn't exist");
        error("RENAME TABLE nope TO x", 1146, "Table 'test.nope' doesn't exist");
        error("CREATE INDEX x ON nope (a)", 1146, "Table 'test.nope' doesn't exist");
        error("ALTER TABLE nope ADD COLUMN b int", 1146, "Table 'test.nope' doesn't exist");
        error("CREATE TABLE l LIKE nope", 1146, "Table 'test.nope' doesn't exist");
    }

    @Test
    void alterErrors() {
        exec("CREATE TABLE t2 (id bigint primary key, v varchar(10) not null)");
        exec("CREATE TABLE t3 (a int, b int, unique(a))");
        error("ALTER TABLE t2 DROP COLUMN nope", 1091, "Can't DROP COLUMN `nope`; check that it exists");
        error("ALTER TABLE t2 DROP INDEX nope", 1091, "Can't DROP INDEX `nope`; check that it exists");
        error("DROP INDEX nope ON t2", 1091, "Can't DROP INDEX `nope`; check that it exists");
        error("ALTER TABLE t3 DROP PRIMARY KEY", 1091, "Can't DROP INDEX `PRIMARY`; check that it exists");
        error("ALTER TABLE t2 ADD COLUMN v int", 1060, "Duplicate column name 'v'");
        error("ALTER TABLE t2 ADD INDEX k(v), ADD INDEX k(id)", 1061, "Duplicate key name 'k'");
        error("CREATE INDEX a ON t3 (b)", 1061, "Duplicate key name 'a'");
        error("ALTER TABLE t2 ADD PRIMARY KEY (v)", 1068, "Multiple primary key defined");
        error("ALTER TABLE t2 ADD COLUMN c int AFTER zz", 1054, "Unknown column 'zz' in 't2'");
        error("ALTER TABLE t3 DROP COLUMN a, DROP COLUMN b", 1090,
                "You can't delete all columns with ALTER TABLE; use DROP TABLE instead");
        error("RENAME TABLE t2 TO t3", 1050, "Table 't3' already exists");
        error("ALTER TABLE t2 RENAME TO t3", 1050, "Table 't3' already exists");
        error("ALTER TABLE t3 ADD COLUMN c int auto_increment", 1075,
                "Incorrect table definition; there can be only one auto column and it must be defined as a key");
        assertThat(table("t3").columns()).extracting(ColumnDef::name).containsExactly("a", "b");
        assertThat(table("t3").indexes()).extracting(IndexDef::name).containsExactly("a");
    }
}
