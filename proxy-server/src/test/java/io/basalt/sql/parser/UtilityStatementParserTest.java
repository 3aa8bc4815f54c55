package io.basalt.sql.parser;

import static io.basalt.sql.parser.Parsing.parseAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.parser.ast.SqlAnalyzeTable;
import io.basalt.sql.parser.ast.SqlBegin;
import io.basalt.sql.parser.ast.SqlCommit;
import io.basalt.sql.parser.ast.SqlDo;
import io.basalt.sql.parser.ast.SqlExplainStatement;
import io.basalt.sql.parser.ast.SqlFlush;
import io.basalt.sql.parser.ast.SqlKill;
import io.basalt.sql.parser.ast.SqlMySqlUpdate;
import io.basalt.sql.parser.ast.SqlPurgeBinaryLogs;
import io.basalt.sql.parser.ast.SqlReleaseSavepoint;
import io.basalt.sql.parser.ast.SqlRollback;
import io.basalt.sql.parser.ast.SqlSavepoint;
import io.basalt.sql.parser.ast.SqlSetAssignment;
import io.basalt.sql.parser.ast.SqlSetStatement;
import io.basalt.sql.parser.ast.SqlSetTransaction;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.parser.ast.SqlUse;
import io.basalt.sql.parser.ast.VariableScoped.Scope;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UtilityStatementParserTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "SHOW DATABASES|DATABASES", "SHOW SCHEMAS|DATABASES", "SHOW TABLES|TABLES", "SHOW FULL TABLES|TABLES",
        "SHOW COLUMNS FROM t|COLUMNS", "SHOW FIELDS IN t|COLUMNS", "SHOW INDEXES FROM t|INDEX",
        "SHOW CREATE TABLE t|CREATE_TABLE", "SHOW CREATE DATABASE d|CREATE_DATABASE",
        "SHOW CREATE SCHEMA IF NOT EXISTS d|CREATE_DATABASE", "SHOW VARIABLES|VARIABLES",
        "SHOW SESSION VARIABLES|VARIABLES", "SHOW STATUS|STATUS", "SHOW LOCAL STATUS|STATUS",
        "SHOW PROCESSLIST|PROCESSLIST", "SHOW WARNINGS|WARNINGS", "SHOW ERRORS|ERRORS",
        "SHOW COUNT(*) WARNINGS|COUNT_WARNINGS", "SHOW COUNT(*) ERRORS|COUNT_ERRORS", "SHOW ENGINES|ENGINES",
        "SHOW STORAGE ENGINES|ENGINES", "SHOW COLLATION|COLLATION", "SHOW CHARACTER SET|CHARACTER_SET",
        "SHOW CHARSET|CHARACTER_SET", "SHOW TABLE STATUS|TABLE_STATUS", "SHOW FUNCTION STATUS|FUNCTION_STATUS",
        "SHOW PROCEDURE STATUS|PROCEDURE_STATUS", "SHOW TRIGGERS|TRIGGERS", "SHOW GRANTS|GRANTS",
        "SHOW GRANTS FOR 'root'@'%'|GRANTS", "SHOW GRANTS FOR CURRENT_USER()|GRANTS", "SHOW PRIVILEGES|PRIVILEGES",
        "SHOW PLUGINS|PLUGINS", "SHOW MASTER STATUS|MASTER_STATUS", "SHOW BINLOG STATUS|BINLOG_STATUS",
        "SHOW BINARY LOG STATUS|BINLOG_STATUS", "SHOW BINARY LOGS|BINARY_LOGS", "SHOW MASTER LOGS|BINARY_LOGS",
        "SHOW BINLOG EVENTS|BINLOG_EVENTS", "SHOW SLAVE STATUS|SLAVE_STATUS", "SHOW REPLICA STATUS|SLAVE_STATUS",
        "SHOW OPEN TABLES|OPEN_TABLES", "DESCRIBE t|COLUMNS", "DESC t|COLUMNS", "EXPLAIN t|COLUMNS"})
    void showKinds(String sql, SqlShow.Kind kind) {
        assertThat(parseAs(sql, SqlShow.class).kind()).isEqualTo(kind);
    }

    @Test
    void showParts() {
        SqlShow global = parseAs("SHOW GLOBAL VARIABLES LIKE 'max%'", SqlShow.class);
        assertThat(global.global()).isTrue();
        assertThat(global.like()).isEqualTo("max%");
        assertThat(parseAs("SHOW SESSION STATUS", SqlShow.class).global()).isFalse();

        SqlShow where = parseAs("SHOW VARIABLES WHERE Variable_name IN ('a', 'b')", SqlShow.class);
        assertThat(where.where()).isNotNull();

        SqlShow warnings = parseAs("SHOW WARNINGS LIMIT 2, 5", SqlShow.class);
        assertThat(((SqlLiteral) warnings.offset()).intValue(true)).isEqualTo(2);
        assertThat(((SqlLiteral) warnings.limit()).intValue(true)).isEqualTo(5);
        SqlShow errors = parseAs("SHOW ERRORS LIMIT 3", SqlShow.class);
        assertThat(errors.offset()).isNull();
        assertThat(((SqlLiteral) errors.limit()).intValue(true)).isEqualTo(3);

        SqlShow events = parseAs("SHOW BINLOG EVENTS IN 'basalt-bin.000002' FROM 4 LIMIT 10", SqlShow.class);
        assertThat(events.logName()).isEqualTo("basalt-bin.000002");
        assertThat(events.position()).isEqualTo(4L);
        assertThat(((SqlLiteral) events.limit()).intValue(true)).isEqualTo(10);

        SqlShow index = parseAs("SHOW INDEX FROM t IN db WHERE Key_name = 'PRIMARY'", SqlShow.class);
        assertThat(index.table().names).containsExactly("t");
        assertThat(index.database()).isEqualTo("db");

        SqlShow describe = parseAs("DESCRIBE db.t col", SqlShow.class);
        assertThat(describe.table().names).containsExactly("db", "t");
        assertThat(describe.like()).isEqualTo("col");
        assertThat(parseAs("SHOW CREATE DATABASE `shop`", SqlShow.class).database()).isEqualTo("shop");
        assertThat(parseAs("SHOW FULL PROCESSLIST", SqlShow.class).full()).isTrue();
    }

    @Test
    void explainOfStatements() {
        SqlExplainStatement select = parseAs("EXPLAIN SELECT * FROM t", SqlExplainStatement.class);
        assertThat(select.statement()).isInstanceOf(SqlSelect.class);
        assertThat(select.format()).isNull();
        SqlExplainStatement json = parseAs("EXPLAIN FORMAT=json UPDATE t SET a = 1", SqlExplainStatement.class);
        assertThat(json.format()).isEqualTo("JSON");
        assertThat(json.statement()).isInstanceOf(SqlMySqlUpdate.class);
        assertThat(parseAs("DESCRIBE (SELECT 1)", SqlExplainStatement.class).statement()).isNotNull();
        assertThat(parseAs("EXPLAIN ANALYZE SELECT 1", SqlExplainStatement.class).statement()).isNotNull();
    }

    @Test
    void setScopesCarryOverAsInMySql() {
        SqlSetStatement set = parseAs("SET GLOBAL a = 1, b = 2, SESSION c = 3, d = 4, @@global.e = 5, "
            + "PERSIST f = 6, LOCAL g = 7, @@h = 8, @u = 9", SqlSetStatement.class);

        assertThat(set.assignments()).extracting(SqlSetAssignment::scope).containsExactly(Scope.GLOBAL, Scope.GLOBAL,
            Scope.SESSION, Scope.SESSION, Scope.GLOBAL, Scope.GLOBAL, Scope.SESSION, Scope.DEFAULT, Scope.DEFAULT);
        assertThat(set.assignments().get(8).kind()).isEqualTo(SqlSetAssignment.Kind.USER);
        assertThat(parseAs("SET x = 1", SqlSetStatement.class).assignments().get(0).scope())
            .isEqualTo(Scope.DEFAULT);
    }

    @Test
    void setValues() {
        List<SqlSetAssignment> assignments = parseAs("SET autocommit = ON, sql_mode = DEFAULT, "
            + "tx_isolation := 'READ-COMMITTED', flag = OFF, character_set_client = binary, @Var := 1 + 2, "
            + "CHARACTER SET utf8, NAMES DEFAULT, @'quoted name' = 'x'", SqlSetStatement.class).assignments();

        assertThat(((SqlIdentifier) assignments.get(0).value()).getSimple()).isEqualTo("ON");
        assertThat(assignments.get(1).isDefault()).isTrue();
        assertThat(assignments.get(1).value()).isNull();
        assertThat(((SqlLiteral) assignments.get(2).value()).getValueAs(String.class)).isEqualTo("READ-COMMITTED");
        assertThat(((SqlIdentifier) assignments.get(3).value()).getSimple()).isEqualTo("OFF");
        assertThat(((SqlIdentifier) assignments.get(4).value()).getSimple()).isEqualTo("binary");
        assertThat(assignments.get(5).name()).isEqualTo("var");
        assertThat(assignments.get(5).value()).isInstanceOf(SqlBasicCall.class);
        assertThat(assignments.get(6).kind()).isEqualTo(SqlSetAssignment.Kind.CHARACTER_SET);
        assertThat(assignments.get(6).charset()).isEqualTo("utf8");
        assertThat(assignments.get(7).kind()).isEqualTo(SqlSetAssignment.Kind.NAMES);
        assertThat(assignments.get(7).charset()).isNull();
        assertThat(assignments.get(8).name()).isEqualTo("quoted name");
    }

    @Test
    void setTransaction() {
        SqlSetTransaction next = parseAs("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ WRITE",
            SqlSetTransaction.class);
        assertThat(next.scope()).isEqualTo(SqlSetTransaction.Scope.NEXT);
        assertThat(next.isolationLevel()).isEqualTo("SERIALIZABLE");
        assertThat(next.readOnly()).isFalse();
        assertThat(parseAs("SET GLOBAL TRANSACTION ISOLATION LEVEL READ UNCOMMITTED", SqlSetTransaction.class)
            .isolationLevel()).isEqualTo("READ-UNCOMMITTED");
        SqlSetTransaction local = parseAs("SET LOCAL TRANSACTION ISOLATION LEVEL REPEATABLE READ",
            SqlSetTransaction.class);
        assertThat(local.scope()).isEqualTo(SqlSetTransaction.Scope.SESSION);
        assertThat(local.isolationLevel()).isEqualTo("REPEATABLE-READ");
    }

    @Test
    void transactions() {
        SqlBegin begin = parseAs("BEGIN WORK", SqlBegin.class);
        assertThat(begin.readOnly() || begin.readWrite() || begin.withConsistentSnapshot()).isFalse();
        assertThat(begin.mode()).isNull();
        assertThat(parseAs("BEGIN PESSIMISTIC", SqlBegin.class).mode()).isEqualTo("PESSIMISTIC");
        assertThat(parseAs("begin optimistic", SqlBegin.class).mode()).isEqualTo("OPTIMISTIC");
        SqlBegin start = parseAs("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY", SqlBegin.class);
        assertThat(start.withConsistentSnapshot()).isTrue();
        assertThat(start.readOnly()).isTrue();
        assertThat(parseAs("START TRANSACTION READ WRITE", SqlBegin.class).readWrite()).isTrue();
        assertThat(parseAs("START TRANSACTION WITH CAUSAL CONSISTENCY ONLY", SqlBegin.class)
            .causalConsistencyOnly()).isTrue();

        parseAs("COMMIT", SqlCommit.class);
        parseAs("COMMIT WORK AND NO CHAIN NO RELEASE", SqlCommit.class);
        assertThat(parseAs("ROLLBACK", SqlRollback.class).savepoint()).isNull();
        assertThat(parseAs("ROLLBACK WORK TO SAVEPOINT `sp 1`", SqlRollback.class).savepoint()).isEqualTo("sp 1");
        assertThat(parseAs("ROLLBACK TO sp", SqlRollback.class).savepoint()).isEqualTo("sp");
        assertThat(parseAs("SAVEPOINT sp", SqlSavepoint.class).name()).isEqualTo("sp");
        assertThat(parseAs("RELEASE SAVEPOINT sp", SqlReleaseSavepoint.class).name()).isEqualTo("sp");
    }

    @Test
    void administration() {
        SqlKill connection = parseAs("KILL CONNECTION 7", SqlKill.class);
        assertThat(connection.query()).isFalse();
        assertThat(parseAs("KILL ?", SqlKill.class).connectionId().getKind().name()).isEqualTo("DYNAMIC_PARAM");

        assertThat(parseAs("FLUSH NO_WRITE_TO_BINLOG BINARY LOGS, tables, privileges, status, error logs",
            SqlFlush.class).options()).containsExactly("BINARY LOGS", "TABLES", "PRIVILEGES", "STATUS", "ERROR LOGS");
        assertThat(parseAs("FLUSH TABLES t1, t2 WITH READ LOCK", SqlFlush.class).options())
            .containsExactly("TABLES WITH READ LOCK");

        SqlPurgeBinaryLogs to = parseAs("PURGE BINARY LOGS TO 'bin.000003'", SqlPurgeBinaryLogs.class);
        assertThat(to.toLog()).isEqualTo("bin.000003");
        assertThat(to.before()).isNull();
        SqlPurgeBinaryLogs before = parseAs("PURGE MASTER LOGS BEFORE NOW() - INTERVAL 3 DAY",
            SqlPurgeBinaryLogs.class);
        assertThat(before.toLog()).isNull();
        assertThat(before.before()).isNotNull();

        assertThat(parseAs("ANALYZE LOCAL TABLE a, db.b", SqlAnalyzeTable.class).tables()).hasSize(2);
        assertThat(parseAs("DO SLEEP(1), @a := 2", SqlDo.class).expressions()).hasSize(2);
        assertThat(parseAs("USE shop", SqlUse.class).database()).isEqualTo("shop");
    }
}
