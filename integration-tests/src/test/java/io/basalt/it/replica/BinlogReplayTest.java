package io.basalt.it.replica;

import io.basalt.it.BasaltServerProcess;
import io.basalt.it.Binaries;
import io.basalt.it.ExternalCommand;
import io.basalt.it.MariaDbReference;
import io.basalt.it.ReactorRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Replay: 16 concurrent writers (sysbench oltp_write_only and the mixed DDL/DML writers, every column family) load
 * Basalt; {@code mariadb-binlog} of all its binlog files piped into an empty MariaDB 10.11 rebuilds tables identical
 * row for row to Basalt's. Also checks that {@code mariadb-binlog --verbose} decodes every file without a warning.
 */
@Tag("long")
class BinlogReplayTest {
    private static final Duration LOAD = Duration.ofSeconds(10);
    private static final int SYSBENCH_THREADS = 8;
    private static final int MIXED_THREADS = 8;

    private BasaltServerProcess basalt;
    private MariaDbReference mariadb;

    @BeforeEach
    void start() {
        assumeTrue(MariaDbReference.unavailableReason().isEmpty(),
                () -> MariaDbReference.unavailableReason().orElseThrow());
        for (String tool : List.of("mariadb-binlog", "mariadb", "sysbench")) {
            assumeTrue(Binaries.find(tool).isPresent(), tool + " is not installed");
        }
        basalt = BasaltServerProcess.start();
    }

    @AfterEach
    void stop() {
        try {
            if (mariadb != null) {
                mariadb.close();
            }
        } finally {
            if (basalt != null) {
                basalt.close();
            }
        }
    }

    @Test
    void replayingTheBinlogIntoMariaDbRebuildsBasaltsTables() throws Exception {
        MixedWriters.createSchema(basalt);
        try (Connection c = basalt.mariadb("", ""); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE sbtest");
        }
        ExternalCommand.Result prepare = sysbench("prepare");
        assertThat(prepare.exitCode()).as(prepare.describe()).isZero();

        CompletableFuture<ExternalCommand.Result> sysbench = CompletableFuture.supplyAsync(() -> sysbench("run"));
        long mixed = MixedWriters.run(basalt, MIXED_THREADS, LOAD, 7);
        ExternalCommand.Result run = sysbench.get();
        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(mixed).isPositive();

        List<String> files = BinlogReplay.files(basalt);
        for (String file : files) {
            ExternalCommand.Result decoded = ExternalCommand.run(List.of(BinlogReplay.tool("mariadb-binlog"),
                    "--verbose", "--base64-output=decode-rows", file), null, Duration.ofMinutes(2), null);
            assertThat(decoded.exitCode()).as(decoded.describe()).isZero();
            assertThat(decoded.stderr()).as("mariadb-binlog warnings for " + file).isEmpty();
        }

        mariadb = MariaDbReference.start();
        BinlogReplay.into(basalt, mariadb);

        for (String database : List.of(MixedWriters.DATABASE, "sbtest")) {
            assertThat(TableContents.of(mariadb, database)).as(database)
                    .isEqualTo(TableContents.of(basalt, database));
        }
    }

    private ExternalCommand.Result sysbench(String command) {
        return ExternalCommand.run(List.of(BinlogReplay.tool("sysbench"), "oltp_write_only",
                "--mysql-host=127.0.0.1", "--mysql-port=" + basalt.port(), "--mysql-user=root", "--mysql-db=sbtest", "--tables=2",
                "--table-size=2000", "--threads=" + SYSBENCH_THREADS, "--time=" + LOAD.toSeconds(),
                "--mysql-ignore-errors=1213,1205", command), null, LOAD.plusMinutes(3),
                ReactorRoot.targetDir().resolve("server-logs").resolve("replay-sysbench-" + command + ".txt"));
    }
}
