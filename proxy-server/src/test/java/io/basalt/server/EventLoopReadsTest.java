package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * server.event_loop_reads and event_loop_commits over the wire (MariaDB Connector/J with server-side prepared
 * statements): a prepared point select, a prepared UPDATE inside a transaction, an autocommit prepared UPDATE (whose
 * OK comes once the commit writer made it durable), and BEGIN and COMMIT of a read-only transaction are answered
 * by the event loop; a read whose reply would
 * exceed what the event loop may buffer is handed to a worker and still arrives whole; with the option off every
 * statement goes to a worker.
 */
class EventLoopReadsTest {
    /** Rows × value length well above the 64 KiB an event loop may buffer for one reply. */
    private static final int ROWS = 100;
    private static final int VALUE_LENGTH = 1000;

    @TempDir
    Path dir;

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private BasaltServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void preparedPointSelectsAreAnsweredByTheEventLoop() throws Exception {
        start(true);
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement("SELECT v FROM d.t WHERE id = ?")) {
            untilOneRanOnTheEventLoop(() -> pointSelect(ps, 1));
            long before = noWait("ran");
            for (int id = 2; id <= 10; id++) {
                pointSelect(ps, id);
            }
            assertThat(noWait("ran") - before).isEqualTo(9);
        }
        assertThat(noWait("handed_off")).isZero();
    }

    @Test
    void preparedUpdatesInsideATransactionAreAnsweredByTheEventLoopAndCommitOnAWorker() throws Exception {
        start(true);
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement("UPDATE d.t SET v = ? WHERE id = ?")) {
            c.setAutoCommit(false);
            untilOneRanOnTheEventLoop(() -> update(ps, 1));
            long before = noWait("ran");
            for (int id = 2; id <= 6; id++) {
                update(ps, id);
            }
            assertThat(noWait("ran") - before).isEqualTo(5);
            c.commit();
        }
        try (Connection c = connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM d.t WHERE v = 'updated'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(6);
        }
        assertThat(noWait("handed_off")).isZero();
    }

    @Test
    void preparedAutocommitUpdatesCommitOnTheEventLoopAndAreDurableWhenAnswered() throws Exception {
        start(true);
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement("UPDATE d.t SET v = ? WHERE id = ?")) {
            untilOneRanOnTheEventLoop(() -> update(ps, 1));
            long before = noWait("ran");
            for (int id = 2; id <= 6; id++) {
                update(ps, id);
            }
            assertThat(noWait("ran") - before).isEqualTo(5);
        }
        try (Connection c = connect(); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM d.t WHERE v = 'updated'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(6);
            }
            int updateEvents = 0;
            try (ResultSet rs = st.executeQuery("SHOW BINLOG EVENTS")) {
                while (rs.next()) {
                    updateEvents += rs.getString("Event_type").startsWith("Update_rows") ? 1 : 0;
                }
            }
            assertThat(updateEvents).as("each in the binlog before its OK").isEqualTo(6);
        }
        assertThat(noWait("handed_off")).isZero();
    }

    @Test
    void withEventLoopCommitsOffAutocommitUpdatesRunOnAWorker() throws Exception {
        start(true, false);
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement("UPDATE d.t SET v = ? WHERE id = ?")) {
            for (int id = 1; id <= 3; id++) {
                update(ps, id);
            }
        }
        assertThat(noWait("ran") + noWait("handed_off")).isZero();
    }

    @Test
    void beginAndCommitOfAReadOnlyTransactionAreAnsweredByTheEventLoop() throws Exception {
        start(true);
        try (Connection c = connect(); Statement st = c.createStatement();
             PreparedStatement ps = c.prepareStatement("SELECT v FROM d.t WHERE id = ?")) {
            st.execute("BEGIN"); // the worker's run keeps the parsed texts
            st.execute("COMMIT");
            untilOneRanOnTheEventLoop(() -> pointSelect(ps, 1));
            long before = noWait("ran");
            for (int id = 2; id <= 4; id++) {
                st.execute("BEGIN");
                pointSelect(ps, id);
                st.execute("COMMIT");
            }
            assertThat(noWait("ran") - before).isEqualTo(9);
        }
        assertThat(noWait("handed_off")).isZero();
    }

    @Test
    void aReplyTooLargeForTheEventLoopIsHandedToAWorkerAndArrivesWhole() throws Exception {
        start(true);
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("SELECT id, v FROM d.t WHERE id BETWEEN ? AND ?")) {
            // an execute that arrives while the worker still owns the connection's queue (it has sent the previous
            // reply but not yet let go) goes straight to the worker: repeat until one was tried on the event loop
            for (int attempt = 0; attempt < 20 && noWait("handed_off") == 0; attempt++) {
                readAllRows(ps);
            }
            assertThat(noWait("handed_off")).isPositive();
        }
        assertThat(noWait("ran")).isZero();
    }

    @Test
    void withTheOptionOffEveryStatementRunsOnAWorker() throws Exception {
        start(false);
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement("SELECT v FROM d.t WHERE id = ?")) {
            pointSelect(ps, 3);
            pointSelect(ps, 4);
        }
        assertThat(noWait("ran") + noWait("handed_off")).isZero();
    }

    /**
     * Runs {@code execute} until one run was answered by the event loop. Connector/J may pipeline the first execute
     * behind the prepare, onto the worker, and an execute that arrives while a worker still owns the connection's
     * queue (it has sent the previous reply but not yet let go) goes to the worker too; from then on the queue is
     * idle whenever the client sends.
     */
    private void untilOneRanOnTheEventLoop(SqlAction execute) throws SQLException {
        long before = noWait("ran");
        for (int attempt = 0; attempt < 20 && noWait("ran") == before; attempt++) {
            execute.run();
        }
        assertThat(noWait("ran")).isGreaterThan(before);
    }

    private interface SqlAction {
        void run() throws SQLException;
    }

    private static void pointSelect(PreparedStatement ps, int id) throws SQLException {
        ps.setInt(1, id);
        try (ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).hasSize(VALUE_LENGTH).startsWith(id + ":");
            assertThat(rs.next()).isFalse();
        }
    }

    private static void update(PreparedStatement ps, int id) throws SQLException {
        ps.setString(1, "updated");
        ps.setInt(2, id);
        assertThat(ps.executeUpdate()).isEqualTo(1);
    }

    private static void readAllRows(PreparedStatement ps) throws SQLException {
        ps.setInt(1, 1);
        ps.setInt(2, ROWS);
        try (ResultSet rs = ps.executeQuery()) {
            for (int id = 1; id <= ROWS; id++) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(id);
                assertThat(rs.getString(2)).hasSize(VALUE_LENGTH).startsWith(id + ":");
            }
            assertThat(rs.next()).isFalse();
        }
    }

    private void start(boolean eventLoopReads) throws Exception {
        start(eventLoopReads, true);
    }

    private void start(boolean eventLoopReads, boolean eventLoopCommits) throws Exception {
        BasaltConfig c = SmallServerConfig.in(dir.resolve("data"));
        c.server().eventLoopReads = eventLoopReads;
        c.server().eventLoopCommits = eventLoopCommits;
        server = BasaltServer.start(c, meters, DefaultSqlLayer::open);
        try (Connection conn = connect(); Statement st = conn.createStatement()) {
            st.execute("CREATE DATABASE d");
            st.execute("CREATE TABLE d.t (id INT PRIMARY KEY, v TEXT NOT NULL)");
            StringBuilder insert = new StringBuilder("INSERT INTO d.t VALUES ");
            for (int id = 1; id <= ROWS; id++) {
                String prefix = id + ":";
                insert.append(id == 1 ? "" : ", ").append('(').append(id).append(", '").append(prefix)
                        .append("x".repeat(VALUE_LENGTH - prefix.length())).append("')");
            }
            st.execute(insert.toString());
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.address().getPort()
                + "/?useServerPrepStmts=true", "root", "");
    }

    private long noWait(String outcome) {
        return (long) meters.get("basalt.statement.no_wait").tag("outcome", outcome).counter().count();
    }
}
