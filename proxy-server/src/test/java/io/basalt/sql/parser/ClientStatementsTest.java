package io.basalt.sql.parser;

import static io.basalt.sql.parser.Parsing.parseAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.parser.ast.SqlKill;
import io.basalt.sql.parser.ast.SqlSetAssignment;
import io.basalt.sql.parser.ast.SqlSetStatement;
import io.basalt.sql.parser.ast.SqlSetTransaction;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.parser.ast.SqlSystemVariable;
import io.basalt.sql.parser.ast.SqlUse;
import io.basalt.sql.parser.ast.VariableScoped.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.api.Test;

/** What MySQL Connector/J, MariaDB Connector/J and the mysql CLI send (specs A.1, A.2, A.4). */
class ClientStatementsTest {

    private static final List<String> CONNECTOR_J_ALIASES = List.of("auto_increment_increment",
        "character_set_client", "character_set_connection", "character_set_results", "character_set_server",
        "collation_server", "collation_connection", "init_connect", "interactive_timeout", "license",
        "lower_case_table_names", "max_allowed_packet", "net_write_timeout", "performance_schema", "sql_mode",
        "system_time_zone", "time_zone", "transaction_isolation", "wait_timeout");

    @Test
    void connectorJConnectQueryKeepsEveryVariableAndAlias() {
        StringJoiner items = new StringJoiner(", ");
        for (String alias : CONNECTOR_J_ALIASES) {
            items.add((alias.equals("auto_increment_increment") ? "@@session." : "@@") + alias + " AS " + alias);
        }
        String sql = "/* mysql-connector-j-9.5.0 (Revision: x) */SELECT  " + items;

        SqlSelect select = parseAs(sql, SqlSelect.class);

        assertThat(select.getFrom()).isNull();
        List<String> aliases = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            SqlBasicCall as = (SqlBasicCall) item;
            assertThat(as.getKind()).isEqualTo(SqlKind.AS);
            aliases.add(((SqlIdentifier) as.operand(1)).getSimple());
            names.add(((SqlSystemVariable) as.operand(0)).name());
        }
        assertThat(aliases).isEqualTo(CONNECTOR_J_ALIASES);
        assertThat(names).isEqualTo(CONNECTOR_J_ALIASES);
        SqlSystemVariable first = (SqlSystemVariable) ((SqlBasicCall) select.getSelectList().get(0)).operand(0);
        assertThat(first.scope()).isEqualTo(Scope.SESSION);
        assertThat(first.text()).isEqualTo("@@session.auto_increment_increment");
        SqlSystemVariable second = (SqlSystemVariable) ((SqlBasicCall) select.getSelectList().get(1)).operand(0);
        assertThat(second.scope()).isEqualTo(Scope.DEFAULT);
        assertThat(second.text()).isEqualTo("@@character_set_client");
    }

    @Test
    void connectorJSessionStatements() {
        SqlSetStatement autocommit = parseAs("SET autocommit=1", SqlSetStatement.class);
        assertThat(autocommit.assignments()).singleElement().satisfies(a -> {
            assertThat(a.kind()).isEqualTo(SqlSetAssignment.Kind.SYSTEM);
            assertThat(a.name()).isEqualTo("autocommit");
            assertThat(((SqlLiteral) a.value()).intValue(true)).isEqualTo(1);
        });

        SqlSetAssignment results = parseAs("SET character_set_results = NULL", SqlSetStatement.class)
            .assignments().get(0);
        assertThat(((SqlLiteral) results.value()).getTypeName().getName()).isEqualTo("NULL");

        SqlSetAssignment sqlMode = parseAs("SET sql_mode='ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES'",
            SqlSetStatement.class).assignments().get(0);
        assertThat(((SqlLiteral) sqlMode.value()).getValueAs(String.class))
            .isEqualTo("ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES");

        SqlSetAssignment names = parseAs("SET NAMES utf8mb4 COLLATE utf8mb4_0900_ai_ci", SqlSetStatement.class)
            .assignments().get(0);
        assertThat(names.kind()).isEqualTo(SqlSetAssignment.Kind.NAMES);
        assertThat(names.charset()).isEqualTo("utf8mb4");
        assertThat(names.collation()).isEqualTo("utf8mb4_0900_ai_ci");

        SqlSetTransaction isolation = parseAs("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED",
            SqlSetTransaction.class);
        assertThat(isolation.scope()).isEqualTo(SqlSetTransaction.Scope.SESSION);
        assertThat(isolation.isolationLevel()).isEqualTo("READ-COMMITTED");
        assertThat(isolation.readOnly()).isNull();

        SqlSetTransaction readOnly = parseAs("SET SESSION TRANSACTION READ ONLY", SqlSetTransaction.class);
        assertThat(readOnly.readOnly()).isTrue();
        assertThat(readOnly.isolationLevel()).isNull();

        SqlSelect isolationQuery = parseAs("SELECT @@session.transaction_isolation", SqlSelect.class);
        assertThat(((SqlSystemVariable) isolationQuery.getSelectList().get(0)).name())
            .isEqualTo("transaction_isolation");
        parseAs("SELECT @@session.transaction_read_only", SqlSelect.class);
        parseAs("SELECT @@session.autocommit", SqlSelect.class);
    }

    @Test
    void connectorJMetadataShowStatements() {
        SqlShow tables = parseAs("SHOW FULL TABLES FROM `db` LIKE 't%'", SqlShow.class);
        assertThat(tables.kind()).isEqualTo(SqlShow.Kind.TABLES);
        assertThat(tables.full()).isTrue();
        assertThat(tables.database()).isEqualTo("db");
        assertThat(tables.like()).isEqualTo("t%");

        SqlShow columns = parseAs("SHOW FULL COLUMNS FROM `t` FROM `db` LIKE '%'", SqlShow.class);
        assertThat(columns.kind()).isEqualTo(SqlShow.Kind.COLUMNS);
        assertThat(columns.table().names).containsExactly("t");
        assertThat(columns.database()).isEqualTo("db");

        assertThat(parseAs("SHOW KEYS FROM `t` FROM `db`", SqlShow.class).kind()).isEqualTo(SqlShow.Kind.INDEX);
        assertThat(parseAs("SHOW INDEX FROM t", SqlShow.class).kind()).isEqualTo(SqlShow.Kind.INDEX);
        assertThat(parseAs("SHOW DATABASES", SqlShow.class).kind()).isEqualTo(SqlShow.Kind.DATABASES);
        assertThat(parseAs("SHOW CREATE TABLE `db`.`t`", SqlShow.class).table().names).containsExactly("db", "t");
        assertThat(parseAs("SHOW FUNCTION STATUS WHERE Db = 'x'", SqlShow.class).kind())
            .isEqualTo(SqlShow.Kind.FUNCTION_STATUS);
        assertThat(parseAs("SHOW PROCEDURE STATUS", SqlShow.class).kind()).isEqualTo(SqlShow.Kind.PROCEDURE_STATUS);
        assertThat(parseAs("SHOW PROCESSLIST", SqlShow.class).kind()).isEqualTo(SqlShow.Kind.PROCESSLIST);
        assertThat(parseAs("SHOW WARNINGS", SqlShow.class).kind()).isEqualTo(SqlShow.Kind.WARNINGS);
    }

    @Test
    void mariaDbCombinedSetStatement() {
        SqlSetStatement set = parseAs("set autocommit=1,sql_mode=CONCAT(@@sql_mode,',STRICT_TRANS_TABLES'),"
            + "session_track_system_variables = CONCAT(@@global.session_track_system_variables,"
            + "',transaction_isolation'),@@session.transaction_isolation='REPEATABLE-READ',NAMES utf8mb4",
            SqlSetStatement.class);

        List<SqlSetAssignment> assignments = set.assignments();
        assertThat(assignments).extracting(SqlSetAssignment::kind).containsExactly(SqlSetAssignment.Kind.SYSTEM,
            SqlSetAssignment.Kind.SYSTEM, SqlSetAssignment.Kind.SYSTEM, SqlSetAssignment.Kind.SYSTEM,
            SqlSetAssignment.Kind.NAMES);
        assertThat(assignments).extracting(SqlSetAssignment::name).containsExactly("autocommit", "sql_mode",
            "session_track_system_variables", "transaction_isolation", null);
        SqlBasicCall concat = (SqlBasicCall) assignments.get(1).value();
        assertThat(concat.getOperator().getName()).isEqualToIgnoringCase("CONCAT");
        assertThat(((SqlSystemVariable) concat.operand(0)).name()).isEqualTo("sql_mode");
        SqlBasicCall tracked = (SqlBasicCall) assignments.get(2).value();
        assertThat(((SqlSystemVariable) tracked.operand(0)).scope()).isEqualTo(Scope.GLOBAL);
        assertThat(assignments.get(3).scope()).isEqualTo(Scope.SESSION);
        assertThat(assignments.get(4).charset()).isEqualTo("utf8mb4");
    }

    @Test
    void commandLineClientStatements() {
        SqlOrderBy versionComment = parseAs("select @@version_comment limit 1", SqlOrderBy.class);
        assertThat(((SqlLiteral) versionComment.fetch).intValue(true)).isEqualTo(1);
        SqlSelect inner = (SqlSelect) versionComment.query;
        assertThat(((SqlSystemVariable) inner.getSelectList().get(0)).text()).isEqualTo("@@version_comment");

        SqlOrderBy status = parseAs("select DATABASE(), USER() limit 1", SqlOrderBy.class);
        List<SqlNode> items = ((SqlSelect) status.query).getSelectList().getList();
        assertThat(items).extracting(n -> ((SqlBasicCall) n).getOperator().getName().toUpperCase())
            .containsExactly("DATABASE", "USER");

        parseAs("select @@character_set_client, @@character_set_connection, @@character_set_server, "
            + "@@character_set_database limit 1", SqlOrderBy.class);
        assertThat(parseAs("show databases", SqlShow.class).kind()).isEqualTo(SqlShow.Kind.DATABASES);
        assertThat(parseAs("show tables", SqlShow.class).kind()).isEqualTo(SqlShow.Kind.TABLES);
        assertThat(parseAs("use `my db`", SqlUse.class).database()).isEqualTo("my db");
        SqlKill kill = parseAs("KILL QUERY 42", SqlKill.class);
        assertThat(kill.query()).isTrue();
        assertThat(((SqlLiteral) kill.connectionId()).intValue(true)).isEqualTo(42);
        assertThat(parseAs("SELECT DATABASE()", SqlSelect.class).getSelectList()).hasSize(1);
    }
}
