package io.basalt.it.sysbench;

import io.basalt.it.ReactorRoot;
import io.basalt.it.ServerUnderTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The CI sysbench check: prepare 4 tables of 10,000 rows, 10 s of oltp_read_write at 4 threads, cleanup, all with
 * sysbench's stock options, which abort on any error except 1213, 1020 and 1205. Skipped where sysbench is not
 * installed.
 */
@Tag("long")
class SysbenchTest {
    private static final Logger LOG = LoggerFactory.getLogger(SysbenchTest.class);
    private static final int TABLES = 4;
    private static final int TABLE_SIZE = 10_000;

    @RegisterExtension
    static final ServerUnderTest SERVER = ServerUnderTest.create();

    @Test
    void oltpReadWritePrepareRunCleanup() throws SQLException {
        Path binary = Sysbench.binary().orElse(null);
        assumeTrue(binary != null, "sysbench is not installed (apt-get install sysbench)");
        long seed = Long.getLong("basalt.sysbench.seed", System.currentTimeMillis() % 1_000_000);
        LOG.info("sysbench --rand-seed={}", seed);
        Sysbench sysbench = new Sysbench(binary, SERVER, ReactorRoot.targetDir().resolve("sysbench"));
        sysbench.recreateDatabase();
        Sysbench.Options options = new Sysbench.Options(TABLES, TABLE_SIZE, 4, 10, seed);

        Sysbench.Outcome prepare = sysbench.run("oltp_read_write", "prepare", options);
        assertThat(prepare.succeeded()).as(prepare.describe()).isTrue();
        assertThat(tableSizes()).as("rows per sbtest table after prepare").containsExactly(10_000L, 10_000L, 10_000L,
                10_000L);

        Sysbench.Outcome run = sysbench.run("oltp_read_write", "run", options);
        assertThat(run.succeeded()).as(run.describe()).isTrue();
        assertThat(run.transactions().orElse(0)).as(run.describe()).isPositive();
        assertThat(run.reconnects()).as(run.describe()).hasValue(0);
        LOG.info("oltp_read_write, 4 threads, 10 s: {} transactions ({} tps), {} ignored errors (1213/1020/1205)",
                run.transactions().orElseThrow(), run.tps().orElse(0), run.ignoredErrors().orElse(-1));
        assertThat(tableSizes()).as("oltp_read_write deletes and re-inserts the same ids")
                .containsExactly(10_000L, 10_000L, 10_000L, 10_000L);

        Sysbench.Outcome cleanup = sysbench.run("oltp_read_write", "cleanup", options);
        assertThat(cleanup.succeeded()).as(cleanup.describe()).isTrue();
        try (Connection c = SERVER.mariadb(Sysbench.DATABASE, ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SHOW TABLES")) {
            assertThat(rs.next()).as("tables left after cleanup").isFalse();
        }
        assertThat(SERVER.isAlive()).isTrue();
    }

    private static List<Long> tableSizes() throws SQLException {
        List<Long> sizes = new ArrayList<>();
        try (Connection c = SERVER.mariadb(Sysbench.DATABASE, ""); Statement st = c.createStatement()) {
            for (int i = 1; i <= TABLES; i++) {
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM sbtest" + i)) {
                    rs.next();
                    sizes.add(rs.getLong(1));
                }
            }
        }
        return sizes;
    }
}
