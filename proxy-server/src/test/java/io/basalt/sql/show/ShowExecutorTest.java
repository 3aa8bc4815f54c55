package io.basalt.sql.show;

import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.BasaltSqlParser;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.parser.ast.SqlShow.Kind;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.result.SampleTables;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.SystemVariables;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each SHOW against a small catalog, compared with what MariaDB 10.11 answers for the same tables. */
class ShowExecutorTest {
    private static final SqlParserPos POS = SqlParserPos.ZERO;

    @TempDir
    static Path dir;
    private static CatalogFixture fixture;
    private static CatalogSnapshot catalog;

    private final SystemVariables globals = SystemVariables.withDefaults();
    private Session session;
    private StubShowContext context;

    @BeforeAll
    static void openCatalog() {
        fixture = new CatalogFixture(dir);
        catalog = fixture.snapshot();
    }

    @AfterAll
    static void closeCatalog() {
        fixture.close();
    }

    @BeforeEach
    void newSession() {
        session = new Session(5, "root", "localhost", new SessionVariables(globals));
        session.setCurrentDatabase("d1");
        context = new StubShowContext();
        context.mutableSessions().add(session);
    }

    @Test
    void databasesIncludeInformationSchemaSortedByName() {
        ResultSetData r = show(Kind.DATABASES);

        assertThat(rows(r)).containsExactly(List.of("d1"), List.of("information_schema"), List.of("other"));
        assertColumn(r.columns().get(0), "Database", "SCHEMATA", "SCHEMA_NAME", FieldType.VAR_STRING, 256,
                ColumnFlags.NOT_NULL | ColumnFlags.NO_DEFAULT_VALUE);
    }

    @Test
    void databasesLikeRenamesTheColumnAndMatchesCaseSensitively() {
        ResultSetData r = execute(new SqlShow(POS, Kind.DATABASES, false, false, null, null, "%i%", null, null,
                null, null, null));
        assertThat(r.columns().get(0).name()).isEqualTo("Database (%i%)");
        assertThat(rows(r)).containsExactly(List.of("information_schema"));

        assertThat(like(Kind.DATABASES, "D%").rows()).isEmpty();
    }

    @Test
    void tablesOfTheCurrentOrNamedDatabase() {
        ResultSetData r = show(Kind.TABLES);
        assertThat(rows(r)).containsExactly(List.of("t2"), List.of("t3"), List.of("t4"), List.of("t_all"));
        assertColumn(r.columns().get(0), "Tables_in_d1", "TABLE_NAMES", "TABLE_NAME", FieldType.VAR_STRING, 292,
                ColumnFlags.NOT_NULL | ColumnFlags.NO_DEFAULT_VALUE);

        ResultSetData full = execute(new SqlShow(POS, Kind.TABLES, true, false, null, "d1", "t_", null, null, null,
                null, null));
        assertThat(full.columns()).extracting(ColumnDefinition::name).containsExactly("Tables_in_d1 (t_)",
                "Table_type");
        assertThat(rows(full)).containsExactly(List.of("t2", "BASE TABLE"), List.of("t3", "BASE TABLE"),
                List.of("t4", "BASE TABLE"));

        ResultSetData schema = execute(new SqlShow(POS, Kind.TABLES, false, false, null, "information_schema",
                "CHAR%", null, null, null, null, null));
        assertThat(rows(schema)).containsExactly(List.of("CHARACTER_SETS"));
        assertThat(rows(execute(new SqlShow(POS, Kind.TABLES, false, false, null, "other", null, null, null, null,
                null, null)))).isEmpty();
    }

    @Test
    void tablesWhere() {
        SqlNode where = SqlStdOperatorTable.EQUALS.createCall(POS, new SqlIdentifier("Tables_in_d1", POS),
                SqlLiteral.createCharString("t3", POS));
        ResultSetData r = execute(new SqlShow(POS, Kind.TABLES, false, false, null, null, null, where, null, null,
                null, null));
        assertThat(rows(r)).containsExactly(List.of("t3"));
    }

    @Test
    void databaseErrors() {
        session.setCurrentDatabase(null);
        assertError(() -> show(Kind.TABLES), 1046, "No database selected");
        assertError(() -> show(Kind.TABLE_STATUS), 1046, "No database selected");
        assertError(() -> show(Kind.TRIGGERS), 1046, "No database selected");
        assertError(() -> columns("t2", null, false), 1046, "No database selected");
        assertError(() -> execute(new SqlShow(POS, Kind.TABLES, false, false, null, "nosuch", null, null, null,
                null, null, null)), 1049, "Unknown database 'nosuch'");
        assertError(() -> execute(new SqlShow(POS, Kind.CREATE_DATABASE, false, false, null, "nosuch", null, null,
                null, null, null, null)), 1049, "Unknown database 'nosuch'");
    }

    @Test
    void tableErrors() {
        assertError(() -> columns("nosuch", null, false), 1146, "Table 'd1.nosuch' doesn't exist");
        assertError(() -> execute(new SqlShow(POS, Kind.COLUMNS, false, false,
                new SqlIdentifier(List.of("nosuchdb", "t"), POS), null, null, null, null, null, null, null)), 1146,
                "Table 'nosuchdb.t' doesn't exist");
        assertError(() -> execute(new SqlShow(POS, Kind.INDEX, false, false, new SqlIdentifier("t", POS),
                "nosuchdb", null, null, null, null, null, null)), 1146, "Table 'nosuchdb.t' doesn't exist");
    }

    @Test
    void columnsAsMariaDbShowsThem() {
        // show columns from t2 (MariaDB 10.11)
        ResultSetData r = columns("t2", null, false);

        assertThat(r.columns()).extracting(ColumnDefinition::name)
                .containsExactly("Field", "Type", "Null", "Key", "Default", "Extra");
        assertThat(rows(r)).containsExactly(
                Arrays.asList("a", "int(11)", "NO", "PRI", null, ""),
                Arrays.asList("b", "int(11)", "NO", "PRI", null, ""),
                Arrays.asList("c", "int(11)", "YES", "MUL", null, ""),
                Arrays.asList("d", "int(11)", "YES", "MUL", null, ""),
                Arrays.asList("e", "int(11)", "YES", "MUL", null, ""),
                Arrays.asList("f", "varchar(10)", "YES", "UNI", null, ""),
                Arrays.asList("g", "timestamp", "NO", "", "current_timestamp()", "on update current_timestamp()"),
                Arrays.asList("h", "timestamp(3)", "NO", "", "current_timestamp(3)", ""),
                Arrays.asList("i", "int(11)", "NO", "", "5", ""),
                Arrays.asList("j", "datetime", "NO", "", null, ""),
                Arrays.asList("k", "text", "NO", "", null, ""),
                Arrays.asList("l", "int(11)", "YES", "MUL", null, ""));
        assertColumn(r.columns().get(1), "Type", "COLUMNS", "COLUMN_TYPE", FieldType.BLOB, 786_420,
                ColumnFlags.NOT_NULL | ColumnFlags.BLOB | ColumnFlags.NO_DEFAULT_VALUE);
        assertColumn(r.columns().get(4), "Default", "COLUMNS", "COLUMN_DEFAULT", FieldType.BLOB, 786_384,
                ColumnFlags.BLOB | ColumnFlags.NO_DEFAULT_VALUE);
    }

    @Test
    void fullColumnsDefaultsAndTypes() {
        // show full columns from t4 / t_all (MariaDB 10.11)
        ResultSetData t4 = columns("t4", null, true);
        assertThat(t4.columns()).extracting(ColumnDefinition::name).containsExactly("Field", "Type", "Collation",
                "Null", "Key", "Default", "Extra", "Privileges", "Comment");
        assertThat(column(t4, 5)).containsExactly(null, "x'y", "", "1.50", null, "2020-01-01 10:00:00.500", "q",
                null, "1000", "NULL");

        ResultSetData all = columns("t_all", null, true);
        assertThat(row(all, "id")).containsExactly("id", "int(11)", null, "NO", "PRI", null, "auto_increment",
                "select,insert,update,references", "");
        assertThat(row(all, "tiu").get(1)).isEqualTo("tinyint(3) unsigned");
        assertThat(row(all, "iu").get(1)).isEqualTo("int(10) unsigned");
        assertThat(row(all, "deu").get(1)).isEqualTo("decimal(10,2) unsigned");
        assertThat(row(all, "fl2").get(1)).isEqualTo("float(7,3)");
        assertThat(row(all, "b").get(1)).isEqualTo("tinyint(1)");
        assertThat(row(all, "vc")).containsExactly("vc", "varchar(100)", "utf8mb4_general_ci", "NO", "MUL", null,
                "", "select,insert,update,references", "");
        assertThat(row(all, "vcb").get(2)).isEqualTo("utf8mb4_bin");
        assertThat(row(all, "bn").subList(1, 3)).containsExactly("binary(8)", null);
        assertThat(row(all, "tm3").get(1)).isEqualTo("time(3)");
        assertThat(row(all, "yr").get(1)).isEqualTo("year(4)");
        assertThat(row(all, "en").get(1)).isEqualTo("enum('a','bb','ccc')");
        assertThat(row(all, "js").get(1)).isEqualTo("longtext");
        assertThat(row(all, "u1").get(4)).isEqualTo("UNI");
        assertThat(row(all, "siu").get(5)).isEqualTo("0");
    }

    @Test
    void columnsLikeIsCaseInsensitive() {
        assertThat(rows(columns("t2", "A", false))).extracting(r -> r.get(0)).containsExactly("a");
        assertThat(rows(columns("t_all", "v%", false))).extracting(r -> r.get(0))
                .containsExactly("vc", "vcb", "vb");
    }

    @Test
    void indexAsMariaDbShowsIt() {
        // show index from t2 (MariaDB 10.11; Cardinality is NULL here: Basalt keeps no index statistics)
        ResultSetData r = execute(new SqlShow(POS, Kind.INDEX, false, false, new SqlIdentifier("t2", POS), null,
                null, null, null, null, null, null));

        assertThat(r.columns()).extracting(ColumnDefinition::name).containsExactly("Table", "Non_unique",
                "Key_name", "Seq_in_index", "Column_name", "Collation", "Cardinality", "Sub_part", "Packed", "Null",
                "Index_type", "Comment", "Index_comment", "Ignored");
        assertThat(rows(r)).containsExactly(
                Arrays.asList("t2", 0L, "PRIMARY", 1L, "a", "A", null, null, null, "", "BTREE", "", "", "NO"),
                Arrays.asList("t2", 0L, "PRIMARY", 2L, "b", "A", null, null, null, "", "BTREE", "", "", "NO"),
                Arrays.asList("t2", 0L, "uc", 1L, "c", "A", null, null, null, "YES", "BTREE", "", "", "NO"),
                Arrays.asList("t2", 0L, "uc", 2L, "d", "A", null, null, null, "YES", "BTREE", "", "", "NO"),
                Arrays.asList("t2", 0L, "uf", 1L, "f", "A", null, 5L, null, "YES", "BTREE", "", "", "NO"),
                Arrays.asList("t2", 1L, "kd", 1L, "d", "A", null, null, null, "YES", "BTREE", "", "", "NO"),
                Arrays.asList("t2", 1L, "kd", 2L, "e", "A", null, null, null, "YES", "BTREE", "", "", "NO"),
                Arrays.asList("t2", 1L, "ke", 1L, "e", "A", null, null, null, "YES", "BTREE", "", "", "NO"),
                Arrays.asList("t2", 1L, "kl", 1L, "l", "A", null, null, null, "YES", "BTREE", "", "", "NO"));
        assertColumn(r.columns().get(3), "Seq_in_index", "STATISTICS", "SEQ_IN_INDEX", FieldType.LONG, 2,
                ColumnFlags.NOT_NULL | ColumnFlags.UNSIGNED | ColumnFlags.NO_DEFAULT_VALUE | ColumnFlags.NUM);
    }

    @Test
    void createDatabaseAndTable() {
        ResultSetData db = execute(new SqlShow(POS, Kind.CREATE_DATABASE, false, false, null, "d1", null, null,
                null, null, null, null));
        assertThat(rows(db)).containsExactly(List.of("d1",
                "CREATE DATABASE `d1` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */"));
        assertThat(db.columns().get(1).columnLength()).isEqualTo(4096);
        assertThat(db.columns().get(1).decimals()).isEqualTo(39);

        ResultSetData t = execute(new SqlShow(POS, Kind.CREATE_TABLE, false, false, new SqlIdentifier("t3", POS),
                null, null, null, null, null, null, null));
        assertThat(t.columns()).extracting(ColumnDefinition::name).containsExactly("Table", "Create Table");
        assertThat((String) t.rows().get(0)[1]).startsWith("CREATE TABLE `t3` (").contains("AUTO_INCREMENT=7");
    }

    @Test
    void variablesSessionAndGlobal() {
        session.variables().set("auto_increment_offset", 3L);
        ResultSetData r = like(Kind.VARIABLES, "AUTO%");

        assertThat(rows(r)).containsExactly(List.of("auto_increment_increment", "1"),
                List.of("auto_increment_offset", "3"), List.of("autocommit", "ON"));
        assertColumn(r.columns().get(1), "Value", "SESSION_VARIABLES", "VARIABLE_VALUE", FieldType.VAR_STRING,
                16_384, ColumnFlags.NOT_NULL | ColumnFlags.NO_DEFAULT_VALUE);

        ResultSetData global = execute(new SqlShow(POS, Kind.VARIABLES, false, true, null, null, "auto%", null,
                null, null, null, null));
        assertThat(rows(global)).contains(List.of("auto_increment_offset", "1"));
        assertThat(rows(like(Kind.VARIABLES, "timestamp"))).hasSize(1);
        assertThat(rows(execute(new SqlShow(POS, Kind.VARIABLES, false, true, null, null, "timestamp", null, null,
                null, null, null)))).isEmpty();
        assertThat(rows(like(Kind.VARIABLES, "character_set_results")))
                .containsExactly(List.of("character_set_results", ""));
    }

    @Test
    void variablesWhere() {
        SqlNode where = SqlStdOperatorTable.EQUALS.createCall(POS, new SqlIdentifier("Variable_name", POS),
                SqlLiteral.createCharString("sql_mode", POS));
        ResultSetData r = execute(new SqlShow(POS, Kind.VARIABLES, false, false, null, null, null, where, null,
                null, null, null));
        assertThat(rows(r)).containsExactly(List.of("sql_mode",
                "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"));
    }

    @Test
    void status() {
        ResultSetData r = like(Kind.STATUS, "threads_%");
        assertThat(rows(r)).containsExactly(List.of("Threads_connected", "1"), List.of("Threads_running", "1"));
        assertThat(r.columns()).extracting(ColumnDefinition::name).containsExactly("Variable_name", "Value");
    }

    @Test
    void processlist() {
        Session busy = new Session(9, "app", "127.0.0.1:5000", new SessionVariables(globals));
        busy.setCommand("Query", "select " + "x".repeat(200));
        context.mutableSessions().add(busy);

        ResultSetData r = show(Kind.PROCESSLIST);
        assertThat(r.columns()).extracting(ColumnDefinition::name).containsExactly("Id", "User", "Host", "db",
                "Command", "Time", "State", "Info", "Progress");
        assertThat(rows(r).get(0)).containsExactly(5L, "root", "localhost", "d1", "Sleep", rows(r).get(0).get(5), "",
                null, 0.0);
        assertThat((Long) rows(r).get(0).get(5)).isNotNegative();
        assertThat(rows(r).get(1).subList(0, 5)).containsExactly(9L, "app", "127.0.0.1:5000", null, "Query");
        assertThat(rows(r).get(1).get(6)).isEqualTo("executing");
        assertThat((String) rows(r).get(1).get(7)).hasSize(100);
        assertColumn(r.columns().get(0), "Id", "", "", FieldType.LONGLONG, 11,
                ColumnFlags.NOT_NULL | ColumnFlags.BINARY | ColumnFlags.NUM);
        assertThat(r.columns().get(8).type()).isEqualTo(FieldType.DOUBLE);
        assertThat(r.columns().get(8).decimals()).isEqualTo(3);

        ResultSetData full = execute(new SqlShow(POS, Kind.PROCESSLIST, true, false, null, null, null, null, null,
                null, null, null));
        assertThat((String) full.rows().get(1)[7]).hasSize(207);
        assertThat(full.columns().get(7).type()).isEqualTo(FieldType.LONG_BLOB);
    }

    @Test
    void warningsErrorsAndCounts() {
        session.warnings().warn(1292, "first");
        session.warnings().warn(1292, "second");
        session.warnings().error(1146, "third");

        ResultSetData all = show(Kind.WARNINGS);
        assertThat(rows(all)).containsExactly(List.of("Warning", 1292L, "first"), List.of("Warning", 1292L, "second"),
                List.of("Error", 1146L, "third"));
        assertThat(all.columns()).extracting(ColumnDefinition::name).containsExactly("Level", "Code", "Message");

        ResultSetData limited = execute(new SqlShow(POS, Kind.WARNINGS, false, false, null, null, null, null,
                SqlLiteral.createExactNumeric("1", POS), SqlLiteral.createExactNumeric("1", POS), null, null));
        assertThat(rows(limited)).containsExactly(List.of("Warning", 1292L, "second"));

        assertThat(rows(show(Kind.ERRORS))).containsExactly(List.of("Error", 1146L, "third"));
        ResultSetData count = show(Kind.COUNT_WARNINGS);
        assertThat(count.columns().get(0).name()).isEqualTo("@@session.warning_count");
        assertThat(rows(count)).containsExactly(List.of(3L));
        assertThat(rows(show(Kind.COUNT_ERRORS))).containsExactly(List.of(1L));
    }

    @Test
    void enginesCollationsCharsets() {
        ResultSetData engines = show(Kind.ENGINES);
        assertThat(engines.columns()).extracting(ColumnDefinition::name).containsExactly("Engine", "Support",
                "Comment", "Transactions", "XA", "Savepoints");
        assertThat(rows(engines)).singleElement().satisfies(row -> assertThat(row.get(0)).isEqualTo("Basalt"));

        ResultSetData collation = like(Kind.COLLATION, "UTF8MB4_BIN");
        assertThat(rows(collation)).containsExactly(List.of("utf8mb4_bin", "utf8mb4", 46L, "", "Yes", 1L));

        ResultSetData charset = like(Kind.CHARACTER_SET, "utf8%");
        assertThat(charset.columns()).extracting(ColumnDefinition::name).containsExactly("Charset", "Description",
                "Default collation", "Maxlen");
        assertThat(rows(charset)).containsExactly(List.of("utf8mb3", "UTF-8 Unicode", "utf8mb3_general_ci", 3L),
                List.of("utf8mb4", "UTF-8 Unicode", "utf8mb4_general_ci", 4L));
    }

    @Test
    void tableStatus() {
        ResultSetData r = like(Kind.TABLE_STATUS, "t%");

        assertThat(r.columns()).extracting(ColumnDefinition::name).containsExactly("Name", "Engine", "Version",
                "Row_format", "Rows", "Avg_row_length", "Data_length", "Max_data_length", "Index_length",
                "Data_free", "Auto_increment", "Create_time", "Update_time", "Check_time", "Collation", "Checksum",
                "Create_options", "Comment", "Max_index_length", "Temporary");
        assertThat(rows(r)).extracting(row -> row.get(0)).containsExactly("t2", "t3", "t4", "t_all");
        assertThat(rows(r).get(0)).containsExactly("t2", "Basalt", 10L, "Dynamic", 42L, 0L, 0L, 0L, 0L, 0L, null,
                null, null, null, "utf8mb4_general_ci", null, "", "", 0L, "N");
        assertThat(rows(r).get(1).get(10)).isEqualTo(7L);
    }

    @Test
    void emptyObjectListsHaveMariaDbColumns() {
        ResultSetData functions = show(Kind.FUNCTION_STATUS);
        assertThat(functions.columns()).extracting(ColumnDefinition::name).containsExactly("Db", "Name", "Type",
                "Definer", "Modified", "Created", "Security_type", "Comment", "character_set_client",
                "collation_connection", "Database Collation");
        assertThat(functions.rows()).isEmpty();
        assertThat(show(Kind.PROCEDURE_STATUS).rows()).isEmpty();

        ResultSetData triggers = show(Kind.TRIGGERS);
        assertThat(triggers.columns()).extracting(ColumnDefinition::name).containsExactly("Trigger", "Event",
                "Table", "Statement", "Timing", "Created", "sql_mode", "Definer", "character_set_client",
                "collation_connection", "Database Collation");
        assertThat(triggers.columns().get(5).decimals()).isEqualTo(2);
    }

    @Test
    void grantsPrivilegesPluginsOpenTables() {
        ResultSetData grants = show(Kind.GRANTS);
        assertThat(grants.columns().get(0).name()).isEqualTo("Grants for root@localhost");
        assertThat(rows(grants)).containsExactly(
                List.of("GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION"));

        assertThat(rows(show(Kind.PRIVILEGES))).contains(List.of("Select", "Tables", "To retrieve rows from table"));

        ResultSetData plugins = show(Kind.PLUGINS);
        assertThat(plugins.columns()).extracting(ColumnDefinition::name).containsExactly("Name", "Status", "Type",
                "Library", "License");
        assertThat(rows(plugins)).contains(Arrays.asList("mysql_native_password", "ACTIVE", "AUTHENTICATION", null,
                "Apache-2.0"));

        ResultSetData open = execute(new SqlShow(POS, Kind.OPEN_TABLES, false, false, null, "d1", "t\\_%", null,
                null, null, null, null));
        assertThat(open.columns()).extracting(ColumnDefinition::name).containsExactly("Database", "Table", "In_use",
                "Name_locked");
        assertThat(rows(open)).containsExactly(List.of("d1", "t_all", 0L, 0L));
    }

    @Test
    void binaryLogShowsAreNotSupportedYet() {
        assertError(() -> show(Kind.BINARY_LOGS), 1235, "This version of Basalt doesn't yet support 'SHOW BINARY LOGS'");
        assertError(() -> show(Kind.MASTER_STATUS), 1235,
                "This version of Basalt doesn't yet support 'SHOW MASTER STATUS'");
        assertError(() -> show(Kind.SLAVE_STATUS), 1235,
                "This version of Basalt doesn't yet support 'SHOW SLAVE STATUS'");
    }

    @Test
    void fieldListMatchesColumnsCaseInsensitively() {
        List<ColumnDefinition> fields = FieldList.columns(SampleTables.tAll(), "V%");

        assertThat(fields).extracting(ColumnDefinition::name).containsExactly("vc", "vcb", "vb");
        assertThat(fields.get(0).schema()).isEqualTo("d1");
        assertThat(fields.get(0).table()).isEqualTo("t_all");
        assertThat(FieldList.columns(SampleTables.t2(), "")).hasSize(12);
    }

    @Test
    void parsedShowStatements() {
        assertThat(rows(sql("SHOW SCHEMAS LIKE '%i%'"))).containsExactly(List.of("information_schema"));
        assertThat(sql("DESCRIBE t2").rows()).hasSize(12);
        assertThat(sql("SHOW KEYS FROM t2 FROM d1").rows()).hasSize(9);
        assertThat(rows(sql("SHOW FULL COLUMNS FROM t_all FROM d1 LIKE 'v%'"))).extracting(r -> r.get(0))
                .containsExactly("vc", "vcb", "vb");
        assertThat(rows(sql("SHOW FULL TABLES WHERE Tables_in_d1 = 't4'")))
                .containsExactly(List.of("t4", "BASE TABLE"));
        assertThat(sql("SHOW SESSION VARIABLES LIKE 'lower_case_%'").rows()).hasSize(1);
        session.warnings().warn(1, "a");
        session.warnings().warn(2, "b");
        assertThat(rows(sql("SHOW WARNINGS LIMIT 1, 1"))).containsExactly(List.of("Warning", 2L, "b"));
    }

    private ResultSetData sql(String text) {
        return execute((SqlShow) BasaltSqlParser.parse(text));
    }

    private ResultSetData show(Kind kind) {
        return execute(new SqlShow(POS, kind, false, false, null, null, null, null, null, null, null, null));
    }

    private ResultSetData like(Kind kind, String pattern) {
        return execute(new SqlShow(POS, kind, false, false, null, null, pattern, null, null, null, null, null));
    }

    private ResultSetData columns(String table, String like, boolean full) {
        return execute(new SqlShow(POS, Kind.COLUMNS, full, false, new SqlIdentifier(table, POS), null, like, null,
                null, null, null, null));
    }

    private ResultSetData execute(SqlShow show) {
        return ShowExecutor.execute(show, session, catalog, context);
    }

    private static List<List<Object>> rows(ResultSetData r) {
        return r.rows().stream().map(Arrays::asList).toList();
    }

    private static List<Object> row(ResultSetData r, String first) {
        return rows(r).stream().filter(row -> first.equals(row.get(0))).findFirst().orElseThrow();
    }

    private static List<Object> column(ResultSetData r, int index) {
        return rows(r).stream().map(row -> row.get(index)).toList();
    }

    private static void assertColumn(ColumnDefinition c, String name, String table, String orgName, FieldType type,
                                     long length, int flags) {
        assertThat(c.name()).isEqualTo(name);
        assertThat(c.table()).isEqualTo(table);
        assertThat(c.orgTable()).isEqualTo(table);
        assertThat(c.orgName()).isEqualTo(orgName);
        assertThat(c.schema()).isEqualTo(table.isEmpty() ? "" : "information_schema");
        assertThat(c.type()).isEqualTo(type);
        assertThat(c.columnLength()).isEqualTo(length);
        assertThat(c.flags()).isEqualTo(flags);
    }

    private static void assertError(Runnable action, int code, String message) {
        assertThatThrownBy(action::run).isInstanceOfSatisfying(MySqlException.class, e -> {
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }
}
