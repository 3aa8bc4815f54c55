package io.basalt.server.netty;

import io.basalt.server.testing.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Real drivers against the real front end (with a fake engine): MySQL Connector/J 9 and MariaDB Connector/J 3 log
 * in with both password plugins, run text and server-side prepared statements, multi-statements, and rely on the
 * status flags.
 */
class DriverCompatibilityTest {
    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection mysql(String params, String user, String password) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("mysql", params), user, password);
    }

    private static Connection mariadb(String params, String user, String password) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("mariadb", params), user, password);
    }

    private static long selectOne(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"useServerPrepStmts=false", "useServerPrepStmts=true"})
    void connectorJLogsInAsRootWithoutPassword(String params) throws SQLException {
        try (Connection c = mysql(params, "root", "")) {
            assertThat(selectOne(c)).isEqualTo(1);
            assertThat(c.isValid(5)).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "defaultAuthenticationPlugin=mysql_native_password",
            "defaultAuthenticationPlugin=caching_sha2_password"})
    void connectorJLogsInWithAPasswordThroughEitherPlugin(String params) throws SQLException {
        try (Connection c = mysql(params, "alice", "secret")) {
            assertThat(selectOne(c)).isEqualTo(1);
        }
    }

    @Test
    void greetingNamingCachingSha2StillLogsEveryoneIn() throws Exception {
        try (TestServer sha2 = TestServer.start(c -> c.defaultAuthPlugin = "caching_sha2_password")) {
            for (String params : List.of("", "defaultAuthenticationPlugin=mysql_native_password")) {
                try (Connection c = DriverManager.getConnection(sha2.jdbcUrl("mysql", params), "alice", "secret")) {
                    assertThat(selectOne(c)).isEqualTo(1);
                }
            }
            try (Connection c = DriverManager.getConnection(sha2.jdbcUrl("mysql", ""), "root", "")) {
                assertThat(selectOne(c)).isEqualTo(1);
            }
            try (Connection c = DriverManager.getConnection(sha2.jdbcUrl("mariadb", ""), "alice", "secret")) {
                assertThat(selectOne(c)).isEqualTo(1);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "defaultAuthenticationPlugin=caching_sha2_password"})
    void wrongPasswordIsAccessDenied(String params) {
        assertThatThrownBy(() -> mysql(params, "alice", "wrong"))
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getErrorCode()).isEqualTo(1045);
                    assertThat(e.getSQLState()).isEqualTo("28000");
                    assertThat(e.getMessage())
                            .contains("Access denied for user 'alice'@'localhost' (using password: YES)");
                });
        assertThatThrownBy(() -> mariadb("", "nobody", ""))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
    }

    @Test
    void rootMayOnlyConnectFromLoopbackButThatIsWhereWeAre() throws SQLException {
        try (Connection c = mariadb("", "root", "")) {
            assertThat(selectOne(c)).isEqualTo(1);
        }
    }

    @Test
    void serverPreparedStatementKeepsParameterTypesAcrossExecutes() throws SQLException {
        int before = server.engine().executeParameters().size();
        try (Connection c = mysql("useServerPrepStmts=true", "root", "");
             PreparedStatement ps = c.prepareStatement("SELECT ?, ?")) {
            ps.setInt(1, 42);
            ps.setString(2, "hello");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("42");
                assertThat(rs.getString(2)).isEqualTo("hello");
            }
            // same types: Connector/J sends new_params_bound = 0 and relies on the server's memory of the types
            ps.setInt(1, 43);
            ps.setString(2, "again");
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("43");
                assertThat(rs.getString(2)).isEqualTo("again");
            }
        }
        List<Object[]> params = server.engine().executeParameters();
        assertThat(params.subList(before, params.size()))
                .containsExactly(new Object[] {42L, "hello"}, new Object[] {43L, "again"});
    }

    @Test
    void statementsThatCannotBePreparedFallBackToText() throws SQLException {
        try (Connection c = mysql("useServerPrepStmts=true", "root", "");
             PreparedStatement ps = c.prepareStatement("SET @x = ?")) {
            ps.setInt(1, 5);
            assertThat(ps.executeUpdate()).isZero();
        }
    }

    @Test
    void mariadbServerPreparedStatements() throws SQLException {
        try (Connection c = mariadb("useServerPrepStmts=true", "root", "");
             PreparedStatement ps = c.prepareStatement("SELECT ?")) {
            for (String v : List.of("a", "b")) {
                ps.setString(1, v);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo(v);
                }
            }
        }
    }

    @Test
    void multiStatementsAnswerEachStatementInTurn() throws SQLException {
        try (Connection c = mysql("allowMultiQueries=true", "root", "");
             Statement st = c.createStatement()) {
            assertThat(st.execute("SELECT 1; SET @a = 1; SELECT 1")).isTrue();
            assertThat(st.getResultSet().next()).isTrue();
            assertThat(st.getMoreResults()).isFalse();
            assertThat(st.getUpdateCount()).isZero();
            assertThat(st.getMoreResults()).isTrue();
            assertThat(st.getResultSet().next()).isTrue();
            assertThat(st.getMoreResults()).isFalse();
            assertThat(st.getUpdateCount()).isEqualTo(-1);
            assertThat(selectOne(c)).isEqualTo(1);
        }
    }

    @Test
    void multiStatementsStopAtTheFirstError() throws SQLException {
        int before = server.engine().statements().size();
        try (Connection c = mysql("allowMultiQueries=true", "root", "");
             Statement st = c.createStatement()) {
            // Connector/J reads every result of the text at once, so the error surfaces from execute itself
            assertThatThrownBy(() -> st.execute("SELECT 1; SELECT ERR; SELECT 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1146));
            assertThat(selectOne(c)).isEqualTo(1);
        }
        List<String> all = server.engine().statements();
        assertThat(all.subList(before, all.size())).containsSubsequence("SELECT 1", "SELECT ERR", "SELECT 1")
                .filteredOn("SELECT ERR"::equals).hasSize(1);
    }

    @Test
    void withoutMultiStatementsTheWholeTextIsOneStatement() throws SQLException {
        try (Connection c = mysql("", "root", ""); Statement st = c.createStatement()) {
            assertThatThrownBy(() -> st.execute("SELECT 1; SELECT 1")).isInstanceOfSatisfying(SQLException.class,
                    e -> assertThat(e.getErrorCode()).isEqualTo(1064));
            assertThat(server.engine().statements()).contains("SELECT 1; SELECT 1");
            assertThat(selectOne(c)).isEqualTo(1);
        }
    }

    @Test
    void mariadbSendsCommitOnlyWhenTheServerReportsATransaction() throws SQLException {
        try (Connection c = mariadb("", "root", "")) {
            c.setAutoCommit(false);
            int before = commits();
            c.commit();
            assertThat(commits()).as("no transaction open: no COMMIT").isEqualTo(before);
            try (Statement st = c.createStatement()) {
                assertThat(st.executeUpdate("INSERT INTO t VALUES (1)")).isEqualTo(1);
            }
            c.commit();
            assertThat(commits()).as("IN_TRANS reported after the insert").isEqualTo(before + 1);
        }
    }

    private static int commits() {
        return (int) server.engine().statements().stream().filter("COMMIT"::equalsIgnoreCase).count();
    }

    @Test
    void databaseInTheUrlIsSelectedAtLogin() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.port() + "/test",
                "root", "")) {
            assertThat(c.getCatalog()).isEqualTo("test");
            c.setCatalog("db1");
            assertThat(c.getCatalog()).isEqualTo("db1");
        }
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port()
                + "/nosuchdb", "root", "")).isInstanceOfSatisfying(SQLException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo(1049));
    }

    @Test
    void errorsKeepTheConnectionUsable() throws SQLException {
        try (Connection c = mysql("", "root", ""); Statement st = c.createStatement()) {
            assertThatThrownBy(() -> st.executeQuery("SELECT ERR")).isInstanceOfSatisfying(SQLException.class,
                    e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1146);
                        assertThat(e.getSQLState()).isEqualTo("42S02");
                    });
            assertThatThrownBy(() -> st.executeQuery("SELECT BOOM")).isInstanceOfSatisfying(SQLException.class,
                    e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1105);
                        assertThat(e.getMessage()).contains("boom");
                    });
            assertThat(selectOne(c)).isEqualTo(1);
        }
    }

    @Test
    void rowThatCannotBeEncodedFailsOnlyItsStatement() throws SQLException {
        try (Connection c = mysql("useServerPrepStmts=true", "root", "")) {
            try (PreparedStatement ps = c.prepareStatement("SELECT BADROW")) {
                assertThatThrownBy(ps::executeQuery).isInstanceOfSatisfying(SQLException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo(1105));
            }
            assertThat(selectOne(c)).isEqualTo(1);
        }
    }

    @Test
    void killClosesTheOtherConnection() throws SQLException {
        try (Connection victim = mariadb("", "root", ""); Connection killer = mariadb("", "root", "")) {
            long id;
            try (Statement st = victim.createStatement(); ResultSet rs = st.executeQuery("SELECT CONNECTION_ID()")) {
                rs.next();
                id = rs.getLong(1);
            }
            try (Statement st = killer.createStatement()) {
                st.execute("KILL " + id);
            }
            assertThatThrownBy(() -> selectOne(victim)).isInstanceOf(SQLException.class);
            assertThat(selectOne(killer)).isEqualTo(1);
        }
    }

    @Test
    void largeResultSetsStreamThrough() throws SQLException {
        try (Connection c = mariadb("", "root", ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT ROWS 20000")) {
            int n = 0;
            while (rs.next()) {
                n++;
            }
            assertThat(n).isEqualTo(20000);
        }
    }
}
