package io.basalt.it.driver;

import io.basalt.it.RawMySqlClient;
import io.basalt.it.ServerUnderTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static io.basalt.it.driver.Sql.column;
import static io.basalt.it.driver.Sql.exec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every error class of the issue, as drivers see it: code, SQLSTATE and message, and the connection stays usable
 * where MySQL keeps it. Statement errors are checked under text and server-side prepared statements of both drivers.
 */
class DriverErrorTest {
    @RegisterExtension
    static final ServerUnderTest SERVER = ServerUnderTest.create();

    private static final String DB = "drv_errors";
    private static final long DEFAULT_MAX_ALLOWED_PACKET = 67_108_864L;

    @BeforeAll
    static void schema() throws SQLException {
        try (Connection c = SERVER.mariadb("", "")) {
            Sql.freshDatabase(c, DB);
            exec(c, "CREATE TABLE " + DB + ".t (id INT PRIMARY KEY, name VARCHAR(20), UNIQUE KEY uk_name (name))",
                    "INSERT INTO " + DB + ".t VALUES (1, 'a')",
                    "CREATE TABLE " + DB + ".dl (id INT PRIMARY KEY, v INT NOT NULL)",
                    "INSERT INTO " + DB + ".dl VALUES (1, 0), (2, 0)");
        }
    }

    /** Runs {@code sql} through a prepared statement (server-side where the configuration says so). */
    private static SQLException failure(Connection c, String sql) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.execute();
        } catch (SQLException e) {
            return e;
        }
        return fail("expected an error from: " + sql);
    }

    private static SQLException failureOfPlainStatement(Connection c, String sql) {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            return e;
        }
        return fail("expected an error from: " + sql);
    }

    /** Asserts code, SQLSTATE and message (MariaDB C/J's "(conn=N) " prefix removed; messageRegex must match all). */
    static void assertError(SQLException e, int code, String sqlState, String messageRegex) {
        String message = String.valueOf(e.getMessage()).replaceFirst("^\\(conn=\\d+\\) ", "");
        assertThat(e.getErrorCode()).as("error code of: %s", message).isEqualTo(code);
        assertThat(e.getSQLState()).as("SQLSTATE of: %s", message).isEqualTo(sqlState);
        assertThat(message).matches(messageRegex);
    }

    private static void assertUsable(Connection c) throws SQLException {
        assertThat(column(c, "SELECT 1")).containsExactly("1");
    }

    @ParameterizedTest
    @EnumSource(value = DriverConfig.class, names = {"MYSQL_CLIENT_PREPARE", "MYSQL_SERVER_PREPARE", "MARIADB",
        "MARIADB_SERVER_PREPARE"})
    void statementErrorsCarryCodeStateAndMessage(DriverConfig config) throws SQLException {
        try (Connection c = config.connect(SERVER, "")) {
            assertError(failure(c, "SELECT * FROM t"), 1046, "3D000", "No database selected");
            assertUsable(c);
            assertError(failureOfPlainStatement(c, "USE nosuch_db"), 1049, "42000", "Unknown database 'nosuch_db'");
            exec(c, "USE " + DB);
            assertError(failureOfPlainStatement(c, "CREATE TABLE t (a INT)"), 1050, "42S01",
                    "Table 't' already exists");
            assertError(failure(c, "SELECT nosuch FROM t"), 1054, "42S22", "Unknown column 'nosuch' in '.+'");
            assertError(failure(c, "SELECT id FROM t WHERE nosuch = 1"), 1054, "42S22",
                    "Unknown column 'nosuch' in '.+'");
            assertError(failure(c, "INSERT INTO t VALUES (2, 'a')"), 1062, "23000",
                    "Duplicate entry 'a' for key '(t\\.)?uk_name'");
            assertError(failure(c, "INSERT INTO t VALUES (1, 'z')"), 1062, "23000",
                    "Duplicate entry '1' for key '(t\\.)?PRIMARY'");
            assertError(failure(c, "SELECT * FORM t"), 1064, "42000",
                    "You have an error in your SQL syntax; check the manual that corresponds to your \\S+ server "
                            + "version for the right syntax to use near 'FORM t' at line 1");
            assertError(failure(c, "SELECT * FROM nosuch"), 1146, "42S02", "Table 'drv_errors.nosuch' doesn't exist");
            assertUsable(c);
            assertThat(column(c, "SELECT name FROM t ORDER BY id")).containsExactly("a");
        }
    }

    @Test
    void unknownDatabaseAtConnect() {
        assertThatThrownBy(() -> SERVER.mysql("nosuch_db", "").close()).isInstanceOfSatisfying(SQLException.class,
                e -> assertError(e, 1049, "42000", "Unknown database 'nosuch_db'"));
        assertThatThrownBy(() -> SERVER.mariadb("nosuch_db", "").close()).isInstanceOfSatisfying(SQLException.class,
                e -> assertError(e, 1049, "42000", "Unknown database 'nosuch_db'"));
    }

    @Test
    void wrongPasswordIsAccessDenied() {
        for (String scheme : List.of("mysql", "mariadb")) {
            String base = "jdbc:" + scheme + "://" + SERVER.host() + ":" + SERVER.port() + "/";
            assertThatThrownBy(() -> DriverManager.getConnection(base + "?user=root&password=wrong").close())
                    .isInstanceOfSatisfying(SQLException.class, e -> assertError(e, 1045, "28000",
                            "Access denied for user 'root'@'[^']+' \\(using password: YES\\)"));
            assertThatThrownBy(() -> DriverManager.getConnection(base + "?user=nobody&password=").close())
                    .isInstanceOfSatisfying(SQLException.class, e -> assertError(e, 1045, "28000",
                            "Access denied for user 'nobody'@'[^']+' \\(using password: NO\\)"));
        }
    }

    @Test
    void lockWaitTimeoutWhileAnotherConnectionHoldsTheRow() throws Exception {
        try (Connection holder = SERVER.mariadb(DB, "");
             Connection mariadbWaiter = SERVER.mariadb(DB, "");
             Connection mysqlWaiter = SERVER.mysql(DB, "")) {
            holder.setAutoCommit(false);
            assertThat(column(holder, "SELECT name FROM t WHERE id = 1 FOR UPDATE")).containsExactly("a");
            for (Connection waiter : List.of(mariadbWaiter, mysqlWaiter)) {
                exec(waiter, "SET SESSION innodb_lock_wait_timeout = 1");
                waiter.setAutoCommit(false);
                // Connector/J replaces the server's SQLSTATE of 1205 with its own 40001; MariaDB C/J passes it on
                String state = waiter == mysqlWaiter ? "40001" : "HY000";
                assertError(failure(waiter, "UPDATE t SET name = 'w' WHERE id = 1"), 1205, state,
                        "Lock wait timeout exceeded; try restarting transaction");
                assertError(failure(waiter, "SELECT name FROM t WHERE id = 1 FOR UPDATE"), 1205, state,
                        "Lock wait timeout exceeded; try restarting transaction");
            }
            holder.rollback();
            exec(mariadbWaiter, "UPDATE t SET name = 'w' WHERE id = 1");
            mariadbWaiter.rollback();
            mysqlWaiter.rollback();
            assertThat(column(mariadbWaiter, "SELECT name FROM t WHERE id = 1")).containsExactly("a");
        }
    }

    @Test
    void deadlockRollsBackTheVictimsWholeTransaction() throws Exception {
        try (Connection a = SERVER.mariadb(DB, ""); Connection b = SERVER.mysql(DB, "")) {
            for (Connection c : List.of(a, b)) {
                exec(c, "SET SESSION innodb_lock_wait_timeout = 20");
                c.setAutoCommit(false);
            }
            exec(a, "UPDATE dl SET v = v + 1 WHERE id = 1");
            exec(b, "UPDATE dl SET v = v + 10 WHERE id = 2");
            CompletableFuture<SQLException> aSecond = CompletableFuture.supplyAsync(
                    () -> outcome(a, "UPDATE dl SET v = v + 1 WHERE id = 2"));
            // Give a's update time to start waiting; if it has not, b waits instead and a closes the cycle: either
            // way exactly one of them is chosen as the victim.
            Thread.sleep(300);
            SQLException bOutcome = outcome(b, "UPDATE dl SET v = v + 10 WHERE id = 1");
            SQLException aOutcome = aSecond.get(30, TimeUnit.SECONDS);
            List<SQLException> errors = new ArrayList<>();
            for (SQLException e : new SQLException[] {aOutcome, bOutcome}) {
                if (e != null) {
                    errors.add(e);
                }
            }
            assertThat(errors).as("exactly one deadlock victim").hasSize(1);
            assertError(errors.get(0), 1213, "40001", "Deadlock found when trying to get lock; try restarting "
                    + "transaction");
            a.commit();
            b.commit();
            List<String> values = column(a, "SELECT v FROM dl ORDER BY id");
            assertThat(values).as("the survivor's two updates only: the victim's first update was rolled back too")
                    .isIn(List.of("1", "1"), List.of("10", "10"));
            exec(a, "UPDATE dl SET v = 0");
            a.commit();
        }
    }

    private static SQLException outcome(Connection c, String sql) {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    @Test
    void packetLargerThanMaxAllowedPacket() throws Exception {
        try (Connection admin = SERVER.mariadb("", "")) {
            exec(admin, "SET GLOBAL max_allowed_packet = 1048576");
            try {
                assertThat(column(admin, "SELECT @@global.max_allowed_packet")).containsExactly("1048576");
                String bigQuery = "SELECT '" + "x".repeat(2 << 20) + "'";
                rawClientGets1153(bigQuery);
                try (Connection c = SERVER.mysql("", "")) {
                    // Connector/J reads @@max_allowed_packet at connect and refuses to send a larger packet
                    assertThatThrownBy(() -> column(c, bigQuery)).isInstanceOf(SQLException.class)
                            .hasMessageContaining("max_allowed_packet");
                    assertUsable(c);
                }
                try (Connection c = SERVER.mariadb("", "")) {
                    // MariaDB C/J sends it; the server answers 1153 and closes the connection
                    assertThatThrownBy(() -> column(c, bigQuery)).isInstanceOfSatisfying(SQLException.class,
                            e -> assertThat(e.getErrorCode() == 1153 || e.getSQLState().startsWith("08"))
                                    .as("1153 or a lost connection, got %s", e).isTrue());
                }
            } finally {
                exec(admin, "SET GLOBAL max_allowed_packet = " + DEFAULT_MAX_ALLOWED_PACKET);
            }
        }
        assertThat(SERVER.isAlive()).isTrue();
        try (Connection c = SERVER.mariadb("", "")) {
            assertUsable(c);
        }
    }

    /** Sends the query from another thread (the server may stop reading early) and reads the ERR packet. */
    private static void rawClientGets1153(String bigQuery) throws IOException, InterruptedException,
            ExecutionException, TimeoutException {
        try (RawMySqlClient raw = RawMySqlClient.connect(SERVER, 30_000)) {
            byte[] payload = ("\u0003" + bigQuery).getBytes(StandardCharsets.UTF_8);
            CompletableFuture<Void> send = CompletableFuture.runAsync(() -> {
                try {
                    raw.writePacket(payload, 0);
                } catch (IOException e) {
                    // the server closed the connection before reading the whole packet
                }
            });
            RawMySqlClient.Response response = raw.readResponse(false);
            send.get(30, TimeUnit.SECONDS);
            assertThat(response.kind()).isEqualTo(RawMySqlClient.Response.Kind.ERR);
            assertThat(response.code()).isEqualTo(1153);
            assertThat(response.sqlState()).isEqualTo("08S01");
            assertThat(response.message()).isEqualTo("Got a packet bigger than 'max_allowed_packet' bytes");
        }
    }

    @Test
    void unpreparableStatementIs1295WithoutEmulation() throws SQLException {
        // sysbench and Connector/J fall back to text for 1295; Basalt must answer it for BEGIN (sysbench prepares
        // BEGIN). MariaDB prepares BEGIN, so the reference run uses a statement MariaDB refuses.
        String unpreparable = SERVER.isBasalt() ? "BEGIN" : "PREPARE s FROM 'SELECT 1'";
        try (Connection c = SERVER.mysql(DB, "useServerPrepStmts=true&emulateUnsupportedPstmts=false")) {
            assertThatThrownBy(() -> c.prepareStatement(unpreparable).close())
                    .isInstanceOfSatisfying(SQLException.class, e -> assertError(e, 1295, "HY000",
                            "This command is not supported in the prepared statement protocol yet"));
            assertUsable(c);
        }
        try (Connection c = SERVER.mysql(DB, "useServerPrepStmts=true")) {
            try (PreparedStatement ps = c.prepareStatement("BEGIN")) {
                ps.execute();
            }
            exec(c, "COMMIT");
            assertUsable(c);
        }
    }
}
