package io.basalt.it.replica;

import io.basalt.it.BasaltServerProcess;
import io.basalt.it.MariaDbReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A MariaDB 10.11 replica of Basalt in the classic file/position mode (MASTER_USE_GTID=no, from basalt-bin.000001:4),
 * with the settings the GTID-mode replica test leaves at their defaults: Basalt rotates its binlog every few KiB, with
 * and without checksums, and the replica asks for a heartbeat every second. In file mode the replica trusts the file
 * names of the Rotate events it receives: it must follow every rotation, resume at its file/position after a Basalt
 * restart, accept the heartbeats, and end at Basalt's file/position with identical rows.
 */
@Tag("long")
class FilePositionReplicaTest {
    /** Rotating every few KiB; the checksum setting is the test's parameter. */
    private static final String BASALT_CONFIG = """
            binlog:
              binlog_checksum: %s
              max_binlog_size: 8192
            """;
    private static final Duration LOAD = Duration.ofSeconds(4);
    private static final Duration CATCH_UP = Duration.ofSeconds(60);
    private static final int WRITERS = 3;

    private BasaltServerProcess basalt;
    private MariaDbReference replica;

    @BeforeEach
    void start() {
        assumeTrue(MariaDbReference.unavailableReason().isEmpty(),
                () -> "no MariaDB to replicate to: " + MariaDbReference.unavailableReason().orElseThrow());
        replica = MariaDbReference.start(List.of("--server-id=2", "--slave-net-timeout=20"));
    }

    @AfterEach
    void stop() throws SQLException {
        try {
            if (replica != null) {
                Sql.exec(replica, "STOP SLAVE");
                replica.close();
            }
        } finally {
            if (basalt != null) {
                basalt.close();
            }
        }
    }

    @ParameterizedTest(name = "binlog_checksum {0}")
    @ValueSource(strings = {"NONE", "CRC32"})
    void followsRotationsAndARestartAndReceivesHeartbeats(String checksum) throws Exception {
        basalt = BasaltServerProcess.start(BasaltServerProcess.Options.defaults()
                .withConfigYaml(BASALT_CONFIG.formatted(checksum)));
        Sql.exec(basalt, "CREATE DATABASE fp",
                "CREATE TABLE fp.t (id INT PRIMARY KEY, v VARCHAR(200), n BIGINT, d DECIMAL(10,2), ts DATETIME(3))");
        Sql.exec(replica, "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=" + basalt.port()
                + ", MASTER_USER='root', MASTER_PASSWORD='', MASTER_USE_GTID=no,"
                + " MASTER_LOG_FILE='basalt-bin.000001', MASTER_LOG_POS=4,"
                + " MASTER_HEARTBEAT_PERIOD=1, MASTER_CONNECT_RETRY=1", "START SLAVE");

        writeLoad();
        basalt.restart();
        writeLoad();
        Sql.exec(basalt, "ALTER TABLE fp.t ADD COLUMN extra INT DEFAULT 7", "UPDATE fp.t SET extra = n % 100");

        String file = Sql.value(basalt, "SHOW MASTER STATUS", 1);
        long position = Long.parseLong(Sql.value(basalt, "SHOW MASTER STATUS", 2));
        assertThat(binlogFiles()).as("max_binlog_size 8192 rotated the binlog during the load").hasSizeGreaterThan(2);
        Map<String, String> status = awaitReplicaAt(file, position);
        assertThat(status.get("Slave_IO_Running")).as("IO thread; %s", status).isEqualTo("Yes");
        assertThat(status.get("Slave_SQL_Running")).as("SQL thread; %s", status).isEqualTo("Yes");
        assertThat(status.get("Last_IO_Error")).isEmpty();
        assertThat(status.get("Last_SQL_Error")).isEmpty();
        assertThat(status.get("Using_Gtid")).isEqualTo("No");
        assertThat(status.get("Master_Server_Id")).isEqualTo("1");
        assertThat(Sql.value(replica, "SELECT @@gtid_slave_pos", 1)).as("the applied GTIDs are recorded in file mode too")
                .isEqualTo(Sql.value(basalt, "SELECT @@gtid_binlog_pos", 1));
        assertThat(TableContents.of(replica, "fp")).isEqualTo(TableContents.of(basalt, "fp"));
        awaitHeartbeat();
    }

    /** {@link #WRITERS} threads insert, update and delete random rows for {@link #LOAD}. */
    private void writeLoad() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        long end = System.nanoTime() + LOAD.toNanos();
        try {
            List<Future<Long>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                Random rnd = new Random(w);
                writers.add(pool.submit(() -> write(rnd, end)));
            }
            long committed = 0;
            for (Future<Long> f : writers) {
                committed += f.get(LOAD.toSeconds() + 60, TimeUnit.SECONDS);
            }
            assertThat(committed).isPositive();
        } finally {
            pool.shutdownNow();
        }
    }

    private long write(Random rnd, long end) throws SQLException {
        long committed = 0;
        try (Connection c = basalt.mariadb("fp", "");
             PreparedStatement upsert = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?, ?, NOW(3))"
                     + " ON DUPLICATE KEY UPDATE v = VALUES(v), n = n + 1, d = VALUES(d)");
             PreparedStatement delete = c.prepareStatement("DELETE FROM t WHERE id = ?")) {
            while (System.nanoTime() < end) {
                int id = rnd.nextInt(300);
                try {
                    if (rnd.nextInt(5) == 0) {
                        delete.setInt(1, id);
                        delete.executeUpdate();
                    } else {
                        upsert.setInt(1, id);
                        upsert.setString(2, "v" + rnd.nextInt() + " ü " + "x".repeat(rnd.nextInt(150)));
                        upsert.setLong(3, rnd.nextLong());
                        upsert.setBigDecimal(4, java.math.BigDecimal.valueOf(rnd.nextInt(100_000_000), 2));
                        upsert.executeUpdate();
                    }
                    committed++;
                } catch (SQLException e) {
                    // concurrent writers of one row conflict; a client retries with another row
                    if (!"40001".equals(e.getSQLState()) && e.getErrorCode() != 1205) {
                        throw e;
                    }
                }
            }
        }
        return committed;
    }

    private List<Path> binlogFiles() throws Exception {
        try (Stream<Path> files = Files.list(basalt.dataDir().resolve("binlog"))) {
            return files.filter(f -> f.getFileName().toString().matches("basalt-bin\\.\\d{6}")).toList();
        }
    }

    private Map<String, String> awaitReplicaAt(String file, long position) throws Exception {
        long deadline = System.nanoTime() + CATCH_UP.toNanos();
        Map<String, String> status = slaveStatus();
        while (System.nanoTime() < deadline) {
            status = slaveStatus();
            if (file.equals(status.get("Relay_Master_Log_File"))
                    && Long.toString(position).equals(status.get("Exec_Master_Log_Pos"))) {
                return status;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the replica did not reach Basalt's " + file + ":" + position + " within "
                + CATCH_UP.toSeconds() + " s; replica status: " + status + "\nBasalt log:\n" + basalt.logTail());
    }

    /** The replica counts the heartbeats of an idle master; MASTER_HEARTBEAT_PERIOD=1 asks for one a second. */
    private void awaitHeartbeat() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        String received = "0";
        while (System.nanoTime() < deadline) {
            received = allSlavesStatus().get("Slave_received_heartbeats");
            if (received != null && Long.parseLong(received) > 0) {
                break;
            }
            Thread.sleep(250);
        }
        assertThat(Long.parseLong(received)).as("heartbeats received by the idle replica").isPositive();
        Map<String, String> status = slaveStatus();
        assertThat(status.get("Slave_IO_Running")).as("IO thread after heartbeats; %s", status).isEqualTo("Yes");
        assertThat(status.get("Last_IO_Error")).isEmpty();
    }

    private Map<String, String> slaveStatus() throws SQLException {
        return Sql.firstRow(replica, "SHOW SLAVE STATUS");
    }

    private Map<String, String> allSlavesStatus() throws SQLException {
        return Sql.firstRow(replica, "SHOW ALL SLAVES STATUS");
    }
}
