package io.basalt.sql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.session.Session;
import io.basalt.sql.sysvar.StatusCounters;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SqlEngine#executeWithoutWaiting(io.basalt.session.Session, String, ResultSink, boolean)}: BEGIN, COMMIT and
 * ROLLBACK sent as text run on the calling (event-loop) thread when ending what is open cannot wait; a transaction
 * with writes or row locks is handed back untouched, for a worker to end, unless its COMMIT may commit there (by 1PC
 * or async commit, left pending until durable).
 */
class TransactionControlWithoutWaitingTest extends EngineSessionTestBase {
    @BeforeEach
    void createTableAndTeachTheTexts() {
        f.exec(s, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20))");
        f.exec(s, "INSERT INTO t VALUES (1, 'c1')");
        for (String sql : List.of("BEGIN", "COMMIT", "BEGIN", "ROLLBACK")) {
            f.exec(s, sql); // the worker's run keeps the parsed texts
        }
    }

    @Test
    void aReadOnlyTransactionBeginsAndCommitsWithoutWaitingAndIsCountedOnce() {
        long begins = f.counted(StatusCounters.Counter.COM_BEGIN);
        long commits = f.counted(StatusCounters.Counter.COM_COMMIT);
        long questions = f.counted(StatusCounters.Counter.QUESTIONS);
        assertThat(f.execWithoutWaiting(s, "BEGIN")).isNotNull();
        assertThat(f.engine.state(s).txn.isOpen()).isTrue();
        assertThat(f.execWithoutWaiting(s, f.engine.prepare(s, "SELECT c FROM t WHERE id = ?"), 1L).rows())
                .containsExactly(List.of("c1"));
        assertThat(f.execWithoutWaiting(s, "COMMIT")).isNotNull();
        assertThat(f.engine.state(s).txn.isOpen()).isFalse();
        assertThat(f.counted(StatusCounters.Counter.COM_BEGIN)).isEqualTo(begins + 1);
        assertThat(f.counted(StatusCounters.Counter.COM_COMMIT)).isEqualTo(commits + 1);
        assertThat(f.counted(StatusCounters.Counter.QUESTIONS)).isEqualTo(questions + 3);
        assertThat(f.noWait("ran")).isEqualTo(3);
    }

    @Test
    void aTransactionWithWritesIsEndedOnlyByAWorker() {
        f.exec(s, "BEGIN");
        f.exec(s, "UPDATE t SET c = 'x' WHERE id = 1");
        long commits = f.counted(StatusCounters.Counter.COM_COMMIT);
        for (String sql : List.of("COMMIT", "ROLLBACK", "BEGIN")) {
            assertThat(f.execWithoutWaiting(s, sql)).as(sql).isNull();
        }
        assertThat(f.counted(StatusCounters.Counter.COM_COMMIT)).isEqualTo(commits);
        assertThat(f.engine.state(s).txn.isOpen()).as("untouched").isTrue();
        f.exec(s, "COMMIT");
        Session other = f.sessionIn("d");
        assertThat(f.exec(other, "SELECT c FROM t WHERE id = 1").rows()).containsExactly(List.of("x"));
    }

    @Test
    void aCommitThatMayCommitOnTheCallingThreadCommitsAWritingTransactionByOnePhaseCommit() {
        f.exec(s, "BEGIN");
        assertThat(f.execWithoutWaiting(s, f.engine.prepare(s, "UPDATE t SET c = ? WHERE id = ?"), "x", 1L)
                .affected()).isEqualTo(1);
        long commits = f.counted(StatusCounters.Counter.COM_COMMIT);
        assertThat(f.execCommittingWithoutWaiting(s, "ROLLBACK")).as("only a COMMIT commits there").isNull();
        assertThat(f.execCommittingWithoutWaiting(s, "COMMIT")).isNotNull();
        assertThat(f.engine.state(s).txn.isOpen()).isFalse();
        assertThat(f.counted(StatusCounters.Counter.COM_COMMIT)).isEqualTo(commits + 1);
        assertThat(f.noWait("ran")).isEqualTo(2);
        assertThat(f.exec(f.sessionIn("d"), "SELECT c FROM t WHERE id = 1").rows()).containsExactly(List.of("x"));
    }

    @Test
    void aCommitByAsyncCommitCommitsOnTheCallingThreadToo() {
        f.exec(s, "SET tidb_enable_1pc = 0");
        f.exec(s, "BEGIN");
        f.exec(s, "UPDATE t SET c = 'x' WHERE id = 1");
        long asyncCommits = asyncCommits();
        assertThat(f.execCommittingWithoutWaiting(s, "COMMIT")).isNotNull();
        assertThat(f.engine.state(s).txn.isOpen()).isFalse();
        assertThat(f.noWait("handed_off")).isZero();
        assertThat(asyncCommits()).isEqualTo(asyncCommits + 1);
        assertThat(f.exec(f.sessionIn("d"), "SELECT c FROM t WHERE id = 1").rows()).containsExactly(List.of("x"));
    }

    @Test
    void aCommitByTwoPhaseCommitIsHandedBackUntouched() {
        f.exec(s, "SET tidb_enable_1pc = 0");
        f.exec(s, "SET tidb_enable_async_commit = 0");
        f.exec(s, "BEGIN");
        f.exec(s, "UPDATE t SET c = 'x' WHERE id = 1");
        assertThat(f.execCommittingWithoutWaiting(s, "COMMIT")).isNull();
        assertThat(f.noWait("handed_off")).isEqualTo(1);
        assertThat(f.engine.state(s).txn.isOpen()).as("untouched, for the worker").isTrue();
        f.exec(s, "COMMIT");
        assertThat(f.exec(f.sessionIn("d"), "SELECT c FROM t WHERE id = 1").rows()).containsExactly(List.of("x"));
    }

    private long asyncCommits() {
        return Long.parseLong(String.valueOf(
                f.exec(s, "SHOW GLOBAL STATUS LIKE 'Basalt_commits_async'").rows().get(0).get(1)));
    }

    @Test
    void aCommitThatConflictsIsHandedBackAndTheWorkerReportsTheConflict() {
        f.exec(s, "SET tidb_txn_mode = 'OPTIMISTIC'");
        f.exec(s, "BEGIN");
        f.exec(s, "UPDATE t SET c = 'mine' WHERE id = 1");
        f.exec(f.sessionIn("d"), "UPDATE t SET c = 'theirs' WHERE id = 1");
        assertThat(f.execCommittingWithoutWaiting(s, "COMMIT")).isNull();
        assertThat(f.engine.state(s).txn.isOpen()).isTrue();
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "COMMIT"))).isEqualTo(1213);
        assertThat(f.exec(s, "SELECT c FROM t WHERE id = 1").rows()).containsExactly(List.of("theirs"));
    }

    @Test
    void aTransactionHoldingARowLockIsEndedOnlyByAWorker() {
        f.exec(s, "BEGIN");
        f.exec(s, "SELECT c FROM t WHERE id = 1 FOR UPDATE");
        assertThat(f.execWithoutWaiting(s, "ROLLBACK")).isNull();
        assertThat(f.engine.state(s).txn.isOpen()).isTrue();
        f.exec(s, "ROLLBACK");
        assertThat(f.engine.state(s).txn.isOpen()).isFalse();
    }

    @Test
    void aTextNotSeenBeforeOrNotTransactionControlIsHandedBack() {
        for (String sql : List.of("START TRANSACTION", "SELECT 1", "COMMIT WORK")) {
            assertThat(f.execWithoutWaiting(s, sql)).as(sql).isNull();
        }
        assertThat(f.noWait("ran") + f.noWait("handed_off")).isZero();
    }
}
