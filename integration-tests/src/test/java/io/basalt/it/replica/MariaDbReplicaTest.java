package io.basalt.it.replica;

import io.basalt.it.BasaltServerProcess;
import io.basalt.it.MariaDbReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real MariaDB 10.11 replica of Basalt in MariaDB GTID mode (CHANGE MASTER … MASTER_USE_GTID=slave_pos): it logs in,
 * registers, dumps, applies row events of every column family and DDL while Basalt takes load, reconnects by itself
 * after a Basalt restart (resuming from its GTID position), and ends with identical tables.
 */
@Tag("long")
class MariaDbReplicaTest {
    private static final Duration CATCH_UP = Duration.ofSeconds(90);

    private BasaltServerProcess basalt;
    private MariaDbReference replica;

    @BeforeEach
    void start() {
        assumeTrue(MariaDbReference.unavailableReason().isEmpty(),
                () -> "no MariaDB to replicate to: " + MariaDbReference.unavailableReason().orElseThrow());
        basalt = BasaltServerProcess.start();
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

    @Test
    void replicatesUnderLoadSurvivesARestartAndEndsIdentical() throws Exception {
        MixedWriters.createSchema(basalt);
        Sql.exec(replica, "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=" + basalt.port()
                + ", MASTER_USER='root', MASTER_PASSWORD='', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1",
                "START SLAVE");

        long before = MixedWriters.run(basalt, 4, Duration.ofSeconds(6), 1);
        Sql.exec(basalt, "ALTER TABLE " + MixedWriters.DATABASE + ".nums ADD COLUMN note VARCHAR(20) DEFAULT 'n'",
                "CREATE INDEX strs_ch ON " + MixedWriters.DATABASE + ".strs (ch)",
                "CREATE TABLE " + MixedWriters.DATABASE + ".gone (id INT PRIMARY KEY)",
                "INSERT INTO " + MixedWriters.DATABASE + ".gone VALUES (1)",
                "DROP TABLE " + MixedWriters.DATABASE + ".gone",
                "FLUSH BINARY LOGS");
        basalt.restart();
        long after = MixedWriters.run(basalt, 4, Duration.ofSeconds(4), 2);
        assertThat(before).isPositive();
        assertThat(after).isPositive();

        String masterPos = Sql.value(basalt, "SELECT @@gtid_binlog_pos");
        awaitReplicaAt(masterPos);
        Map<String, String> status = slaveStatus();
        assertThat(status.get("Slave_IO_Running")).as("IO thread; %s", status).isEqualTo("Yes");
        assertThat(status.get("Slave_SQL_Running")).as("SQL thread; %s", status).isEqualTo("Yes");
        assertThat(status.get("Last_IO_Error")).isEmpty();
        assertThat(status.get("Last_SQL_Error")).isEmpty();
        assertThat(status.get("Using_Gtid")).isEqualTo("Slave_Pos");
        assertThat(TableContents.of(replica, MixedWriters.DATABASE))
                .isEqualTo(TableContents.of(basalt, MixedWriters.DATABASE));
    }

    private void awaitReplicaAt(String masterPos) throws Exception {
        long deadline = System.nanoTime() + CATCH_UP.toNanos();
        String replicaPos = null;
        while (System.nanoTime() < deadline) {
            replicaPos = Sql.value(replica, "SELECT @@gtid_slave_pos");
            if (masterPos.equals(replicaPos)) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the replica did not reach Basalt's GTID position " + masterPos + " within "
                + CATCH_UP.toSeconds() + " s (it is at " + replicaPos + "); replica status: " + slaveStatus()
                + "\nBasalt log:\n" + basalt.logTail());
    }

    private Map<String, String> slaveStatus() throws SQLException {
        return Sql.firstRow(replica, "SHOW SLAVE STATUS");
    }
}
