package io.basalt.sql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Session;
import io.basalt.sql.sysvar.StatusCounters;
import io.basalt.storage.error.DiskErrorException;
import io.basalt.storage.fault.FaultPoints;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An autocommit data statement run by {@link SqlEngine#executeWithoutWaiting} with {@code commit}: it stages its 1PC
 * commit on the calling thread and is left pending until storage's commit writer made it durable; its finish then
 * sends the OK, or the error a commit on a worker reports. One that would wait (a row lock, a duplicate to report) is
 * undone and handed back, and runs once, on the worker. The store's fault points stand in for a failing disk.
 */
class AutocommitWithoutWaitingTest extends EngineSessionTestBase {
    /** Thrown at the fault point it names, once. */
    private final AtomicReference<Fault> fault = new AtomicReference<>();

    private record Fault(String point, RuntimeException failure) {
    }

    @Override
    EngineFixture fixture(Path dir) {
        return new EngineFixture(dir, (point, startTs) -> {
            Fault f = fault.get();
            if (f != null && f.point().equals(point) && fault.compareAndSet(f, null)) {
                throw f.failure();
            }
        });
    }

    @BeforeEach
    void createTable() {
        f.exec(s, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20))");
        f.exec(s, "INSERT INTO t VALUES (1, 'c1'), (2, 'c2'), (3, 'c3')");
    }

    private PreparedQuery update() {
        return f.engine.prepare(s, "UPDATE t SET c = ? WHERE id = ?");
    }

    private List<Object> c(Session session, int id) {
        return f.exec(session, "SELECT c FROM t WHERE id = " + id).column(0);
    }

    @Test
    void anAutocommitUpdateIsLeftPendingAndAnsweredOnceCommitted() {
        PreparedQuery update = update();
        EngineFixture.Recorder r = new EngineFixture.Recorder();
        NoWaitResult result = f.engine.executeWithoutWaiting(s, update, new Object[] {"x", 1L}, r, true);
        assertThat(result.isPending()).isTrue();
        result.settled().toCompletableFuture().join();
        assertThat(r.answered).as("nothing sent before finish").isFalse();
        assertThat(result.finish()).isTrue();
        assertThat(r.result().affected()).isEqualTo(1);
        assertThat(f.noWait("ran")).isEqualTo(1);
        assertThat(f.counted(StatusCounters.Counter.COM_UPDATE)).isEqualTo(1);
        assertThat(f.engine.state(s).txn.isOpen()).isFalse();
        assertThat(c(f.sessionIn("d"), 1)).containsExactly("x");
    }

    @Test
    void aTextStatementWhosePlanIsCachedRunsAndCommitsAsAPreparedOneDoes() {
        assertThat(f.execCommittingWithoutWaiting(s, "INSERT INTO t VALUES (4, 'c4')")).as("never compiled yet")
                .isNull();
        assertThat(f.noWait("ran") + f.noWait("handed_off")).as("not even tried").isZero();
        f.exec(s, "INSERT INTO t VALUES (4, 'c4')"); // the worker's run caches the plan of its literal-free form
        long queries = f.counted(StatusCounters.Counter.QUERIES);
        long inserts = f.counted(StatusCounters.Counter.COM_INSERT);
        assertThat(f.execCommittingWithoutWaiting(s, "INSERT INTO t VALUES (5, 'c5')").affected()).isEqualTo(1);
        assertThat(f.noWait("ran")).isEqualTo(1);
        assertThat(f.counted(StatusCounters.Counter.QUERIES)).as("counted as COM_QUERY").isEqualTo(queries + 1);
        assertThat(f.counted(StatusCounters.Counter.COM_INSERT)).isEqualTo(inserts + 1);
        assertThat(c(f.sessionIn("d"), 5)).containsExactly("c5");
        assertThat(f.execCommittingWithoutWaiting(s, "SELECT c FROM t WHERE id = 4").rows())
                .as("a query whose plan the check above cached").containsExactly(List.of("c4"));
        assertThat(f.execCommittingWithoutWaiting(s, "SHOW TABLES")).as("no plan: for a worker").isNull();
    }

    @Test
    void withoutTheCommitSwitchAnAutocommitStatementIsNotTried() {
        assertThat(f.execWithoutWaiting(s, update(), "x", 1L)).isNull();
        assertThat(f.noWait("ran") + f.noWait("handed_off")).isZero();
        assertThat(c(s, 1)).containsExactly("c1");
    }

    @Test
    void aRowLockedByAnotherTransactionHandsTheStatementBackUndone() {
        Session other = f.sessionIn("d");
        f.exec(other, "BEGIN");
        f.exec(other, "UPDATE t SET c = 'other' WHERE id = 1");
        long updates = f.counted(StatusCounters.Counter.COM_UPDATE);
        assertThat(f.execCommittingWithoutWaiting(s, update(), "x", 1L)).isNull();
        assertThat(f.noWait("handed_off")).isEqualTo(1);
        assertThat(f.counted(StatusCounters.Counter.COM_UPDATE)).as("counted where it finally runs")
                .isEqualTo(updates);
        assertThat(f.engine.state(s).txn.isOpen()).isFalse();
        f.exec(other, "ROLLBACK");
        assertThat(f.execPrepared(s, "UPDATE t SET c = ? WHERE id = ?", "x", 1L).affected()).isEqualTo(1);
        assertThat(c(other, 1)).containsExactly("x");
    }

    @Test
    void aDuplicateKeyIsLeftForTheWorkerToReport() {
        PreparedQuery insert = f.engine.prepare(s, "INSERT INTO t VALUES (?, ?)");
        assertThat(f.execCommittingWithoutWaiting(s, insert, 1L, "dup")).isNull();
        assertThat(EngineFixture.errorCode(() -> f.execPrepared(s, "INSERT INTO t VALUES (?, ?)", 1L, "dup")))
                .isEqualTo(1062);
        assertThat(c(s, 1)).containsExactly("c1");
    }

    @Test
    void aStatementInsideAnOpenTransactionIsDoneThereAndCommitsWithIt() {
        f.exec(s, "SET autocommit = 0");
        assertThat(f.execCommittingWithoutWaiting(s, update(), "x", 1L).affected()).isEqualTo(1);
        assertThat(f.engine.state(s).txn.isOpen()).isTrue();
        assertThat(c(f.sessionIn("d"), 1)).as("not committed yet").containsExactly("c1");
        f.exec(s, "COMMIT");
        assertThat(c(f.sessionIn("d"), 1)).containsExactly("x");
    }

    @Test
    void aWalSyncThatFailsIsReportedAsAnUndeterminedCommit() {
        fault.set(new Fault(FaultPoints.BEFORE_COMMIT_WRITER_SYNC, new DiskErrorException("fsync failed", null)));
        MySqlException e = EngineFixture.error(() -> f.execCommittingWithoutWaiting(s, update(), "x", 1L));
        assertThat(e).isNotNull();
        assertThat(e.code()).isEqualTo(1105);
        assertThat(e.getMessage()).contains("undetermined");
        assertThat(f.engine.state(s).txn.isOpen()).isFalse();
        assertThat(f.execPrepared(s, "UPDATE t SET c = ? WHERE id = ?", "y", 2L).affected())
                .as("the session goes on").isEqualTo(1);
    }

    @Test
    void aBatchThatCouldNotBeWrittenIsReportedAndRolledBack() {
        fault.set(new Fault(FaultPoints.BEFORE_COMMIT_WRITER_WRITE, new DiskErrorException("write failed", null)));
        MySqlException e = EngineFixture.error(() -> f.execCommittingWithoutWaiting(s, update(), "x", 1L));
        assertThat(e).isNotNull();
        assertThat(e.code()).isEqualTo(1105);
        assertThat(e.getMessage()).contains("write failed");
        assertThat(c(s, 1)).containsExactly("c1");
        assertThat(f.execCommittingWithoutWaiting(s, update(), "z", 1L).affected()).isEqualTo(1);
        assertThat(c(s, 1)).containsExactly("z");
    }
}
