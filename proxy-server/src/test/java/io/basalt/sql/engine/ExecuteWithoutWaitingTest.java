package io.basalt.sql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.session.Session;
import io.basalt.sql.sysvar.StatusCounters;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SqlEngine#executeWithoutWaiting}, the event loop's attempt at a prepared statement: a plain read runs and is
 * counted once; anything else, and a read that would wait or run long, is handed back having changed nothing, so
 * the worker's run is the statement's only visible one.
 */
class ExecuteWithoutWaitingTest extends EngineSessionTestBase {
    /** More rows than a scan may step over without waiting (the engine allows 1024 steps). */
    private static final int LONG_SCAN_ROWS = 2000;

    @BeforeEach
    void createTable() {
        f.exec(s, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20))");
        f.exec(s, "INSERT INTO t VALUES (1, 'c1'), (2, 'c2'), (3, 'c3')");
    }

    /** Parameters are passed in the engine's value model (an integer is a Long), as COM_STMT_EXECUTE decodes them. */
    @Test
    void aPlainPreparedReadRunsAndIsCountedOnce() {
        PreparedQuery q = f.engine.prepare(s, "SELECT c FROM t WHERE id = ?");
        long executes = f.counted(StatusCounters.Counter.COM_STMT_EXECUTE);
        long selects = f.counted(StatusCounters.Counter.COM_SELECT);
        assertThat(f.execWithoutWaiting(s, q, 2L).rows()).containsExactly(List.of("c2"));
        assertThat(f.counted(StatusCounters.Counter.COM_STMT_EXECUTE)).isEqualTo(executes + 1);
        assertThat(f.counted(StatusCounters.Counter.COM_SELECT)).isEqualTo(selects + 1);
        assertThat(f.engine.state(s).txn.nextStatementIsAutocommit()).as("its autocommit transaction ended").isTrue();
        assertThat(f.noWait("ran")).isEqualTo(1);
    }

    @Test
    void statementsThatMayLockOrChangeSessionStateAreHandedBackUntouched() {
        for (String sql : List.of("UPDATE t SET c = 'x' WHERE id = ?", "SELECT c FROM t WHERE id = ? FOR UPDATE",
                "SELECT @v := c FROM t WHERE id = ?", "SELECT LAST_INSERT_ID(7), c FROM t WHERE id = ?",
                "SELECT ? + 1")) {
            assertThat(f.execWithoutWaiting(s, f.engine.prepare(s, sql), 1)).as(sql).isNull();
        }
        assertThat(f.exec(s, "SELECT @v, LAST_INSERT_ID()").rows()).containsExactly(java.util.Arrays.asList(null, 0L));
        assertThat(f.exec(s, "SELECT c FROM t WHERE id = 1").rows()).containsExactly(List.of("c1"));
        assertThat(f.noWait("ran") + f.noWait("handed_off")).as("refused before they were tried").isZero();
    }

    @Test
    void aReadThatWouldRunLongIsHandedBackAndCountedOnlyWhenItRunsOnAWorker() {
        insertRows(LONG_SCAN_ROWS);
        PreparedQuery q = f.engine.prepare(s, "SELECT COUNT(*) FROM t WHERE c <> ?");
        long executes = f.counted(StatusCounters.Counter.COM_STMT_EXECUTE);
        assertThat(f.execWithoutWaiting(s, q, "none")).isNull();
        assertThat(f.noWait("handed_off")).isEqualTo(1);
        assertThat(f.counted(StatusCounters.Counter.COM_STMT_EXECUTE)).isEqualTo(executes);
        assertThat(f.engine.state(s).txn.nextStatementIsAutocommit()).as("its transaction was dropped").isTrue();
        assertThat(f.execPrepared(s, "SELECT COUNT(*) FROM t WHERE c <> ?", "none").rows())
                .containsExactly(List.of((long) LONG_SCAN_ROWS + 3));
        assertThat(f.counted(StatusCounters.Counter.COM_STMT_EXECUTE)).isEqualTo(executes + 1);
    }

    @Test
    void aReadHandedBackInsideATransactionKeepsTheTransactionAndItsWrites() {
        insertRows(LONG_SCAN_ROWS);
        f.exec(s, "BEGIN");
        f.exec(s, "UPDATE t SET c = 'x' WHERE id = 1");
        assertThat(f.execWithoutWaiting(s, f.engine.prepare(s, "SELECT COUNT(*) FROM t WHERE c <> ?"), "none"))
                .isNull();
        PreparedQuery point = f.engine.prepare(s, "SELECT c FROM t WHERE id = ?");
        assertThat(f.execWithoutWaiting(s, point, 1L).rows()).as("its own write").containsExactly(List.of("x"));
        f.exec(s, "COMMIT");
        Session other = f.sessionIn("d");
        assertThat(f.exec(other, "SELECT c FROM t WHERE id = 1").rows()).containsExactly(List.of("x"));
    }

    @Test
    void aPlanMadeStaleByDdlIsHandedBackForTheWorkerToRecompile() {
        PreparedQuery q = f.engine.prepare(s, "SELECT c FROM t WHERE id = ?");
        f.exec(s, "ALTER TABLE t ADD COLUMN d INT");
        assertThat(f.execWithoutWaiting(s, q, 1)).isNull();
        assertThat(f.execPrepared(s, "SELECT c FROM t WHERE id = ?", 1).rows()).containsExactly(List.of("c1"));
    }

    private void insertRows(int n) {
        StringBuilder sql = new StringBuilder("INSERT INTO t VALUES ");
        for (int i = 0; i < n; i++) {
            sql.append(i == 0 ? "" : ", ").append("(").append(100 + i).append(", 'r").append(i).append("')");
        }
        f.exec(s, sql.toString());
    }
}
