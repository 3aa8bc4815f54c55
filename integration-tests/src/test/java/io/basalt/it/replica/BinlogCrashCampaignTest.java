package io.basalt.it.replica;

import io.basalt.it.BasaltServerProcess;
import io.basalt.it.Binaries;
import io.basalt.it.MariaDbReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Crash campaign of the binlog invariants (DESIGN.md I1–I3) through the real server: writers commit 1PC (one row)
 * and multi-shard (two tables: async commit / 2PC) transactions while the server is killed with SIGKILL, 20 times.
 * After every restart: every acknowledged transaction is in storage and in the binlog; the binlog holds exactly the
 * rows storage holds (nothing unacknowledged and rolled back); commit ts increase in binlog order; GTIDs have no gap.
 * At the end the binlog replayed into MariaDB rebuilds the same tables.
 */
@Tag("long")
class BinlogCrashCampaignTest {
    private static final int ROUNDS = 20;
    private static final int WRITERS = 8;
    private static final String DB = "crash";
    private static final Logger LOG = LoggerFactory.getLogger(BinlogCrashCampaignTest.class);

    private BasaltServerProcess basalt;
    private MariaDbReference mariadb;

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
    void acknowledgedTransactionsSurviveKillsInStorageAndBinlogInCommitTsOrder() throws Exception {
        basalt = BasaltServerProcess.start();
        try (Connection c = basalt.mariadb("", ""); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + DB);
            st.execute("CREATE TABLE " + DB + ".acks (id BIGINT PRIMARY KEY, writer INT, payload VARCHAR(40))");
            st.execute("CREATE TABLE " + DB + ".pairs (id BIGINT PRIMARY KEY, v INT)");
        }
        Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
        Random random = new Random(20261122);
        long checked = 0;
        for (int round = 0; round < ROUNDS; round++) {
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                long base = ((long) round * WRITERS + w) * 1_000_000L;
                Thread t = new Thread(() -> write(base, stop, acknowledged), "writer-" + w);
                t.start();
                writers.add(t);
            }
            Thread.sleep(500 + random.nextInt(2000));
            basalt.crashAndRestart();
            stop.set(true);
            for (Thread t : writers) {
                t.join();
            }
            checked = check(acknowledged);
        }
        assertThat(checked).as("acknowledged transactions checked").isGreaterThan(ROUNDS);
        LOG.info("crash campaign: {} kills, {} acknowledged transactions all in storage and binlog", ROUNDS, checked);

        if (MariaDbReference.unavailableReason().isEmpty() && Binaries.find("mariadb-binlog").isPresent()) {
            mariadb = MariaDbReference.start();
            BinlogReplay.into(basalt, mariadb);
            assertThat(TableContents.of(mariadb, DB)).isEqualTo(TableContents.of(basalt, DB));
        }
    }

    /** One writer until stopped or the server is gone: ids base, base+1, …; acknowledged ones are recorded. */
    private void write(long base, AtomicBoolean stop, Set<Long> acknowledged) {
        try (Connection c = basalt.mariadb(DB, "connectTimeout=2000")) {
            Statement st = c.createStatement();
            for (long id = base; !stop.get(); id++) {
                if (id % 3 == 0) {
                    c.setAutoCommit(false);
                    st.executeUpdate("INSERT INTO acks VALUES (" + id + ", " + base + ", 'pair')");
                    st.executeUpdate("INSERT INTO pairs VALUES (" + id + ", " + (id % 1000) + ")");
                    c.commit();
                    c.setAutoCommit(true);
                } else {
                    st.executeUpdate("INSERT INTO acks VALUES (" + id + ", " + base + ", 'single')");
                }
                acknowledged.add(id);
            }
        } catch (SQLException e) {
            // the kill: whatever was in flight is unknown, and may or may not have committed
        }
    }

    private long check(Set<Long> acknowledged) throws Exception {
        Set<String> acks = ids("acks");
        Set<String> pairs = ids("pairs");
        for (long id : acknowledged) {
            assertThat(acks).as("acknowledged transaction %d is in storage", id).contains(Long.toString(id));
            if (id % 3 == 0) {
                assertThat(pairs).as("both rows of acknowledged transaction %d", id).contains(Long.toString(id));
            }
        }
        BinlogContents binlog = BinlogContents.read(basalt.dataDir().resolve("binlog"));
        assertThat(binlog.rowsOf(DB + ".acks")).as("the binlog holds exactly the rows storage holds")
                .isEqualTo(acks);
        assertThat(binlog.rowsOf(DB + ".pairs")).isEqualTo(pairs);
        // I3: binlog order is (commit ts, start ts) order; 1PC and async commit may give two transactions one ts
        for (int i = 1; i < binlog.commits.size(); i++) {
            long[] prev = binlog.commits.get(i - 1);
            long[] cur = binlog.commits.get(i);
            assertThat(cur[0] > prev[0] || cur[0] == prev[0] && cur[1] > prev[1])
                    .as("transaction %d (commit ts %d, start ts %d) after (%d, %d)", i, cur[0], cur[1], prev[0], prev[1])
                    .isTrue();
        }
        for (int i = 0; i < binlog.gtidSeqs.size(); i++) {
            assertThat(binlog.gtidSeqs.get(i)).as("GTID seq_no without gaps").isEqualTo(i + 1L);
        }
        return acknowledged.size();
    }

    private Set<String> ids(String table) throws SQLException {
        Set<String> ids = new HashSet<>();
        try (Connection c = basalt.mariadb(DB, ""); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT id FROM " + table)) {
            while (rs.next()) {
                ids.add(rs.getString(1));
            }
        }
        return ids;
    }
}
