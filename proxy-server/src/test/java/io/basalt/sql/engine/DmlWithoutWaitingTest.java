package io.basalt.sql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.BinlogEventReader;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.TableMapEvent;
import io.basalt.session.Session;
import io.basalt.sql.sysvar.StatusCounters;
import io.basalt.storage.binlog.BinlogConfig;
import io.basalt.storage.binlog.BinlogService;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SqlEngine#executeWithoutWaiting} for data statements inside an open transaction (autocommit ones:
 * {@link AutocommitWithoutWaitingTest}): one runs on the calling (event-loop) thread; one that would wait for another
 * transaction's row lock or a batch of AUTO_INCREMENT values is undone, its binlog events with it, and handed back,
 * so the worker's run is the only one the transaction, its binlog events and the status counters show. With the
 * binary log on, as in the server.
 */
class DmlWithoutWaitingTest extends EngineSessionTestBase {
    private BinlogService binlog;

    @Override
    EngineFixture fixture(Path dir) {
        binlog = BinlogService.open(BinlogConfig.defaults(dir.resolve("binlog")), new SimpleMeterRegistry());
        return new EngineFixture(dir, binlog);
    }

    @AfterEach
    void closeBinlog() {
        binlog.close();
    }

    @BeforeEach
    void createTable() {
        f.exec(s, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20))");
        f.exec(s, "INSERT INTO t VALUES (1, 'c1'), (2, 'c2'), (3, 'c3')");
    }

    @Test
    void aDataStatementInsideATransactionRunsAndCommitsWithTheTransaction() {
        PreparedQuery update = f.engine.prepare(s, "UPDATE t SET c = ? WHERE id = ?");
        long updates = f.counted(StatusCounters.Counter.COM_UPDATE);
        f.exec(s, "BEGIN");
        assertThat(f.execWithoutWaiting(s, update, "x", 1L).affected()).isEqualTo(1);
        assertThat(f.noWait("ran")).isEqualTo(1);
        assertThat(f.counted(StatusCounters.Counter.COM_UPDATE)).isEqualTo(updates + 1);
        Session other = f.sessionIn("d");
        assertThat(f.exec(other, "SELECT c FROM t WHERE id = 1").rows()).as("not committed yet")
                .containsExactly(List.of("c1"));
        f.exec(s, "COMMIT");
        assertThat(f.exec(other, "SELECT c FROM t WHERE id = 1").rows()).containsExactly(List.of("x"));
    }

    /** Its first row is written before its second meets the lock: the undo must take that row and its event. */
    @Test
    void aStatementThatMeetsAnotherTransactionsRowLockIsUndoneAndRunsOnceOnTheWorker() throws Exception {
        Session other = f.sessionIn("d");
        f.exec(other, "BEGIN");
        f.exec(other, "INSERT INTO t VALUES (11, 'other')");
        f.exec(s, "BEGIN");
        String sql = "INSERT INTO t VALUES (?, ?), (?, ?)";
        long inserts = f.counted(StatusCounters.Counter.COM_INSERT);
        assertThat(f.execWithoutWaiting(s, f.engine.prepare(s, sql), 10L, "a", 11L, "b")).isNull();
        assertThat(f.noWait("handed_off")).isEqualTo(1);
        assertThat(f.counted(StatusCounters.Counter.COM_INSERT)).as("counted where it finally runs")
                .isEqualTo(inserts);
        assertThat(f.engine.state(s).txn.isOpen()).as("the transaction goes on").isTrue();
        assertThat(f.exec(s, "SELECT COUNT(*) FROM t WHERE id = 10").rows()).as("its first row undone")
                .containsExactly(List.of(0L));
        f.exec(other, "ROLLBACK");
        assertThat(f.execPrepared(s, sql, 10L, "a", 11L, "b").affected()).isEqualTo(2);
        f.exec(s, "COMMIT");
        assertThat(f.exec(other, "SELECT id FROM t ORDER BY id").column(0)).containsExactly(1L, 2L, 3L, 10L, 11L);
        assertThat(rowsInBinlog(BinlogEventType.WRITE_ROWS_V1)).as("3 set up, 2 by the worker's run, none undone")
                .isEqualTo(5);
    }

    @Test
    void anInsertThatNeedsAutoIncrementValuesFromTheStoreIsHandedBack() {
        f.exec(s, "CREATE TABLE a (id INT AUTO_INCREMENT PRIMARY KEY, c VARCHAR(20))");
        PreparedQuery insert = f.engine.prepare(s, "INSERT INTO a (c) VALUES (?)");
        f.exec(s, "BEGIN");
        assertThat(f.execWithoutWaiting(s, insert, "first")).as("the first value needs a refill").isNull();
        assertThat(f.execPrepared(s, "INSERT INTO a (c) VALUES (?)", "first").lastInsertId()).isEqualTo(1);
        assertThat(f.execWithoutWaiting(s, insert, "second").lastInsertId()).as("from the cached batch")
                .isEqualTo(2);
        f.exec(s, "COMMIT");
        assertThat(f.exec(s, "SELECT id, c FROM a ORDER BY id").rows())
                .containsExactly(List.of(1L, "first"), List.of(2L, "second"));
    }

    /** Rows of every rows event of {@code type} in the binary log (every commit so far is in it: sync_binlog=1). */
    private long rowsInBinlog(BinlogEventType type) throws Exception {
        List<Path> files = binlog.files().stream().map(i -> dir.resolve("binlog").resolve(i.name())).toList();
        long rows = 0;
        for (Path p : files) {
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
                BinlogEventReader r = BinlogEventReader.ofFile(ch);
                TableMapEvent map = null;
                for (BinlogEvent e = r.next(); e != null; e = r.next()) {
                    if (e.header().type() == BinlogEventType.TABLE_MAP) {
                        map = (TableMapEvent) e.decode();
                    } else if (e.header().type() == type) {
                        rows += e.decodeRows(map).rowCount();
                    }
                }
            }
        }
        return rows;
    }
}
