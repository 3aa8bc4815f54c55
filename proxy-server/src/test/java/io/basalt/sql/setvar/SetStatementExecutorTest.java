package io.basalt.sql.setvar;

import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Session;
import io.basalt.session.TransactionStatus;
import io.basalt.sql.parser.BasaltSqlParser;
import io.basalt.sql.parser.ast.SqlSetAssignment;
import io.basalt.sql.parser.ast.SqlSetStatement;
import io.basalt.sql.parser.ast.SqlSystemVariable;
import io.basalt.sql.parser.ast.SqlUserVariable;
import io.basalt.sql.parser.ast.VariableScoped.Scope;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.SystemVariables;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** SET semantics as MariaDB 10.11 shows them (see the observations quoted in each test). */
class SetStatementExecutorTest {
    private static final SqlParserPos POS = SqlParserPos.ZERO;

    private final SystemVariables globals = SystemVariables.withDefaults();
    private final Session session = new Session(7, "root", "localhost", new SessionVariables(globals));
    private final SetStatementExecutor executor = new SetStatementExecutor();
    private final LiteralEvaluator evaluator = new LiteralEvaluator();

    @Test
    void aBadAssignmentLeavesTheEarlierOnesUnapplied() {
        // set sql_mode='', autocommit=2  -> ERROR 1231, sql_mode unchanged
        assertError(() -> set(system(Scope.DEFAULT, "sql_mode", str("")), system(Scope.DEFAULT, "autocommit", num(2)),
                user("a", num(1))), 1231, "Variable 'autocommit' can't be set to the value of '2'");

        assertThat(session.variables().getString("sql_mode")).contains("STRICT_TRANS_TABLES");
        assertThat(session.userVariables()).doesNotContainKey("a");
    }

    @Test
    void valuesAreEvaluatedBeforeAnyIsAssigned() {
        // set @a=1; set @a=5, @b=@a; select @a, @b  -> 5, 1
        set(user("a", num(1)));
        set(user("a", num(5)), user("b", new SqlUserVariable("a", POS)));

        assertThat(session.userVariables()).containsEntry("a", 5L).containsEntry("b", 1L);

        set(system(Scope.SESSION, "auto_increment_increment", num(7)),
                user("c", new SqlSystemVariable(Scope.DEFAULT, "auto_increment_increment", "@@x", POS)));
        assertThat(session.userVariables()).containsEntry("c", 1L);
        assertThat(session.variables().get("auto_increment_increment")).isEqualTo(7L);
    }

    @Test
    void userVariableNamesAreLowerCase() {
        set(user("MixedCase", str("v")));
        assertThat(session.userVariables()).containsEntry("mixedcase", "v");
    }

    @Test
    void bareWordsAreStrings() {
        set(system(Scope.DEFAULT, "autocommit", id("OFF")), system(Scope.DEFAULT, "sql_mode", id("ansi_quotes")),
                system(Scope.SESSION, "tx_isolation", id("READ-COMMITTED")));

        assertThat(session.variables().autocommit()).isFalse();
        assertThat(session.variables().get("sql_mode")).isEqualTo("ANSI_QUOTES");
        assertThat(session.variables().get("transaction_isolation")).isEqualTo("READ-COMMITTED");
    }

    @Test
    void mariaDbConnectorCombinedSet() {
        // set autocommit=1,sql_mode=CONCAT(@@sql_mode,',STRICT_TRANS_TABLES'),NAMES utf8mb4
        session.variables().set("sql_mode", "ANSI_QUOTES");
        SqlNode concat = new SqlUnresolvedFunction(new SqlIdentifier("CONCAT", POS), null, null, null, null,
                SqlFunctionCategory.STRING).createCall(POS,
                new SqlSystemVariable(Scope.DEFAULT, "sql_mode", "@@sql_mode", POS), str(",STRICT_TRANS_TABLES"));

        set(system(Scope.DEFAULT, "autocommit", num(1)), system(Scope.DEFAULT, "sql_mode", concat),
                names("utf8mb4", null));

        assertThat(session.variables().get("sql_mode")).isEqualTo("ANSI_QUOTES,STRICT_TRANS_TABLES");
        assertThat(session.variables().get("character_set_results")).isEqualTo("utf8mb4");
    }

    @Test
    void setNames() {
        // set names utf8 -> utf8mb3 utf8mb3 utf8mb3 utf8mb3_general_ci
        set(names("utf8", null));
        assertCharsets("utf8mb3", "utf8mb3", "utf8mb3", "utf8mb3_general_ci");
        // set names latin1 collate latin1_bin
        set(names("latin1", "latin1_bin"));
        assertCharsets("latin1", "latin1", "latin1", "latin1_bin");
        // set names default -> utf8mb4 ... utf8mb4_general_ci
        set(names(null, null));
        assertCharsets("utf8mb4", "utf8mb4", "utf8mb4", "utf8mb4_general_ci");
        // set names binary
        set(names("binary", null));
        assertCharsets("binary", "binary", "binary", "binary");
    }

    @Test
    void setNamesErrors() {
        set(system(Scope.DEFAULT, "character_set_results", SqlLiteral.createNull(POS)));
        assertError(() -> set(names("utf8mb4", "latin1_bin")), 1253,
                "COLLATION 'latin1_bin' is not valid for CHARACTER SET 'utf8mb4'");
        assertError(() -> set(names("foo", null)), 1115, "Unknown character set: 'foo'");
        assertError(() -> set(names("utf8mb4", "foo")), 1273, "Unknown collation: 'foo'");
        assertThat(session.variables().get("character_set_results")).isNull();
    }

    @Test
    void setCharacterSetTakesTheConnectionCharsetFromTheDatabase() {
        // set character set latin1 -> latin1 utf8mb4 latin1 utf8mb4_general_ci
        set(new SqlSetAssignment(SqlSetAssignment.Kind.CHARACTER_SET, Scope.DEFAULT, null, null, false, "latin1",
                null));
        assertCharsets("latin1", "utf8mb4", "latin1", "utf8mb4_general_ci");
    }

    @Test
    void defaults() {
        set(system(Scope.GLOBAL, "net_write_timeout", num(99)));
        set(system(Scope.SESSION, "net_write_timeout", num(5)));
        set(defaultOf(Scope.SESSION, "net_write_timeout"));
        assertThat(session.variables().get("net_write_timeout")).isEqualTo(99L);

        set(defaultOf(Scope.GLOBAL, "net_write_timeout"));
        assertThat(globals.get("net_write_timeout")).isEqualTo(60L);
    }

    @Test
    void globalAssignmentsChangeOnlyTheGlobalValue() {
        // set global auto_increment_increment=5 -> @@global 5, @@session 1
        set(system(Scope.GLOBAL, "auto_increment_increment", num(5)));
        assertThat(globals.get("auto_increment_increment")).isEqualTo(5L);
        assertThat(session.variables().get("auto_increment_increment")).isEqualTo(1L);
    }

    @Test
    void scopeAndReadOnlyErrors() {
        assertError(() -> set(system(Scope.GLOBAL, "timestamp", num(1))), 1228,
                "Variable 'timestamp' is a SESSION variable and can't be used with SET GLOBAL");
        assertError(() -> set(system(Scope.DEFAULT, "read_only", num(1))), 1229,
                "Variable 'read_only' is a GLOBAL variable and should be set with SET GLOBAL");
        assertError(() -> set(system(Scope.GLOBAL, "version", str("x"))), 1238,
                "Variable 'version' is a read only variable");
        assertError(() -> set(system(Scope.DEFAULT, "warning_count", num(1))), 1238,
                "Variable 'warning_count' is a read only variable");
        assertError(() -> set(system(Scope.DEFAULT, "no_such_var", num(1))), 1193,
                "Unknown system variable 'no_such_var'");
    }

    @Test
    void clampingWarnsOnlyWhenTheStatementSucceeds() {
        assertError(() -> set(system(Scope.DEFAULT, "auto_increment_increment", num(0)),
                system(Scope.DEFAULT, "autocommit", num(5))), 1231,
                "Variable 'autocommit' can't be set to the value of '5'");
        assertThat(session.warnings().count()).isZero();

        set(system(Scope.DEFAULT, "auto_increment_increment", num(0)));

        assertThat(session.variables().get("auto_increment_increment")).isEqualTo(1L);
        assertThat(session.warnings().entries()).singleElement().satisfies(w -> {
            assertThat(w.level()).isEqualTo("Warning");
            assertThat(w.code()).isEqualTo(1292);
            assertThat(w.message()).isEqualTo("Truncated incorrect auto_increment_increment value: '0'");
        });
    }

    @Test
    void sessionBoundVariables() {
        // set last_insert_id=77; select last_insert_id(), @@last_insert_id, @@identity -> 77 77 77
        set(system(Scope.DEFAULT, "last_insert_id", num(77)));
        assertThat(session.lastInsertId()).isEqualTo(77L);
        assertThat(SystemVariableReader.read(session, Scope.DEFAULT, "identity")).isEqualTo(77L);

        // set timestamp=10; select @@timestamp -> 10.000000
        set(system(Scope.DEFAULT, "timestamp", num(10)));
        assertThat(SystemVariableReader.read(session, Scope.DEFAULT, "timestamp")).isEqualTo(10.0);
        set(defaultOf(Scope.DEFAULT, "timestamp"));
        assertThat((Double) SystemVariableReader.read(session, Scope.SESSION, "timestamp"))
                .isGreaterThan(1_600_000_000.0);

        session.warnings().warn(1292, "w");
        session.warnings().error(1146, "e");
        assertThat(SystemVariableReader.read(session, Scope.DEFAULT, "warning_count")).isEqualTo(2L);
        assertThat(SystemVariableReader.read(session, Scope.SESSION, "error_count")).isEqualTo(1L);

        assertThat(SystemVariableReader.read(session, Scope.DEFAULT, "in_transaction")).isEqualTo(0L);
        session.setTransactionStatus(TransactionStatus.READ_WRITE);
        assertThat(SystemVariableReader.read(session, Scope.DEFAULT, "in_transaction")).isEqualTo(1L);
    }

    @Test
    void readerScopeErrors() {
        assertError(() -> SystemVariableReader.read(session, Scope.GLOBAL, "timestamp"), 1238,
                "Variable 'timestamp' is a SESSION variable");
        assertError(() -> SystemVariableReader.read(session, Scope.SESSION, "read_only"), 1238,
                "Variable 'read_only' is a GLOBAL variable");
        assertThat(SystemVariableReader.read(session, Scope.DEFAULT, "read_only")).isEqualTo(0L);
    }

    @Test
    void parsedStatementsFromClients() {
        session.variables().set("sql_mode", "");
        sql("set autocommit=0, sql_mode=CONCAT(@@sql_mode,',STRICT_TRANS_TABLES'), NAMES utf8mb4 COLLATE utf8mb4_bin");
        assertThat(session.variables().autocommit()).isFalse();
        assertThat(session.variables().get("sql_mode")).isEqualTo("STRICT_TRANS_TABLES");
        assertThat(session.variables().get("collation_connection")).isEqualTo("utf8mb4_bin");

        sql("SET character_set_results = NULL, autocommit = ON");
        assertThat(session.variables().get("character_set_results")).isNull();
        assertThat(session.variables().autocommit()).isTrue();

        // set global auto_increment_increment=5, auto_increment_offset=3 -> the second is GLOBAL too
        sql("SET GLOBAL auto_increment_increment = 5, auto_increment_offset = 3");
        assertThat(globals.get("auto_increment_offset")).isEqualTo(3L);
        assertThat(session.variables().get("auto_increment_offset")).isEqualTo(1L);
        // set @@global.auto_increment_offset=1, auto_increment_offset=2 -> global 1, session 2
        sql("SET @@global.auto_increment_offset = 1, auto_increment_offset = 2");
        assertThat(globals.get("auto_increment_offset")).isEqualTo(1L);
        assertThat(session.variables().get("auto_increment_offset")).isEqualTo(2L);
    }

    private void sql(String text) {
        executor.execute((SqlSetStatement) BasaltSqlParser.parse(text), session, evaluator);
    }

    private void set(SqlSetAssignment... assignments) {
        executor.execute(new SqlSetStatement(POS, List.of(assignments)), session, evaluator);
    }

    private void assertCharsets(String client, String connection, String results, String collation) {
        SessionVariables vars = session.variables();
        assertThat(List.of(vars.getString("character_set_client"), vars.getString("character_set_connection"),
                vars.getString("character_set_results"), vars.getString("collation_connection")))
                .containsExactly(client, connection, results, collation);
    }

    private static SqlSetAssignment system(Scope scope, String name, SqlNode value) {
        return new SqlSetAssignment(SqlSetAssignment.Kind.SYSTEM, scope, name, value, false, null, null);
    }

    private static SqlSetAssignment defaultOf(Scope scope, String name) {
        return new SqlSetAssignment(SqlSetAssignment.Kind.SYSTEM, scope, name, null, true, null, null);
    }

    private static SqlSetAssignment user(String name, SqlNode value) {
        return new SqlSetAssignment(SqlSetAssignment.Kind.USER, Scope.DEFAULT, name, value, false, null, null);
    }

    private static SqlSetAssignment names(String charset, String collation) {
        return new SqlSetAssignment(SqlSetAssignment.Kind.NAMES, Scope.DEFAULT, null, null, false, charset,
                collation);
    }

    private static SqlNode num(long n) {
        return SqlLiteral.createExactNumeric(Long.toString(n), POS);
    }

    private static SqlNode str(String s) {
        return SqlLiteral.createCharString(s, POS);
    }

    private static SqlNode id(String word) {
        return new SqlIdentifier(word, POS);
    }

    private static void assertError(Runnable action, int code, String message) {
        assertThatThrownBy(action::run).isInstanceOfSatisfying(MySqlException.class, e -> {
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }
}
