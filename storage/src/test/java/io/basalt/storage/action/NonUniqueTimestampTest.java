package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.MvccTxn;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Calculated commit timestamps are not unique (spec §3.9; scenarios 12 and 13 of §7.7): a commit record at ts T and
 * the rollback record of a transaction whose start_ts is T share one key in the write CF.
 */
class NonUniqueTimestampTest extends ActionTestBase {
    private static final byte[] K = row(1);

    /** T1 (start 10) async-commits K at exactly 20. */
    private void t1CommitsAt20() {
        PrewriteResult r = pw(K, ts(10)).put(K, "t1").async().min(ts(20)).run();
        assertThat(r.minCommitTs()).isEqualTo(ts(20));
        commit(K, ts(10), ts(20));
    }

    private void assertT2IsRolledBackAndT1Kept(long expectedFence) {
        Write w = writeAt(K, ts(20));
        assertThat(w.type).as("T1's commit record is kept").isEqualTo(WriteType.PUT);
        assertThat(w.startTs).isEqualTo(ts(10));
        assertThat(w.shortValue).isEqualTo(b("t1"));
        assertThat(w.hasOverlappedRollback).isTrue();
        assertThat(w.gcFence).isEqualTo(expectedFence);
        assertThat(get(K, ts(20))).isEqualTo("t1");

        assertThatThrownBy(() -> pw(K, ts(20)).put(K, "t2").run())
                .as("T2's retried prewrite").isInstanceOf(TxnRolledBackException.class);
        assertThatThrownBy(() -> pessimisticLock(K, ts(20), ts(20), K))
                .as("T2's pessimistic lock").isInstanceOf(TxnRolledBackException.class);
        assertThat(lockOf(K)).isNull();
        assertThat(checkTxnStatus(K, ts(20), ts(40), ts(40)).kind()).isEqualTo(TxnStatus.Kind.ROLLED_BACK);
        TxnStatus t1 = checkTxnStatus(K, ts(10), ts(40), ts(40));
        assertThat(t1.kind()).isEqualTo(TxnStatus.Kind.COMMITTED);
        assertThat(t1.commitTs()).isEqualTo(ts(20));
    }

    // ---------------------------------------------------------------- scenario 12

    @Test
    void cleanupOfT2OnT1sCommitRecordSetsOverlappedRollback() {
        t1CommitsAt20();
        kv.cleanup(shardOf(K), K, ts(20), 0);
        assertT2IsRolledBackAndT1Kept(0);
        kv.cleanup(shardOf(K), K, ts(20), 0); // again: nothing changes
        assertThat(writeTimestamps(K)).containsExactly(ts(20));
        assertThat(writeAt(K, ts(20)).gcFence).isZero();
    }

    @Test
    void rollbackIfNotExistOfT2OnT1sCommitRecordSetsOverlappedRollback() {
        t1CommitsAt20();
        TxnStatus st = kv.checkTxnStatus(shardOf(K), K, ts(20), ts(30), expired(), true, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.ROLLED_BACK);
        assertT2IsRolledBackAndT1Kept(0);
    }

    @Test
    void checkSecondaryLocksOfT2OnT1sCommitRecordSetsOverlappedRollback() {
        t1CommitsAt20();
        SecondaryLocksStatus st = kv.checkSecondaryLocks(shardOf(K), List.of(K), ts(20));
        assertThat(st.rolledBack()).isTrue();
        assertT2IsRolledBackAndT1Kept(0);
    }

    @Test
    void gcFenceIsTheNextNewerVersion() {
        t1CommitsAt20();
        commitPut(K, "t3", ts(25), ts(30));
        kv.cleanup(shardOf(K), K, ts(20), 0);
        Write w = writeAt(K, ts(20));
        assertThat(w.hasOverlappedRollback).isTrue();
        assertThat(w.gcFence).isEqualTo(ts(30));
        assertThat(get(K, ts(25))).isEqualTo("t1");
        assertThat(get(K, ts(30))).isEqualTo("t3");

        // a replica that had already garbage-collected the newer version must not resurrect T1's value
        try (MvccTxn raw = new MvccTxn(store.shard(shardOf(K)))) {
            raw.deleteWrite(K, ts(30));
            raw.apply();
        }
        assertThat(get(K, ts(25))).as("below the fence the record is still the visible version").isEqualTo("t1");
        assertThat(get(K, ts(35))).as("at or above the fence it counts as collected").isNull();
        assertThat(kv.scan(shardOf(K), row(0), row(10), 10, false, ts(35), NO_BYPASS)).isEmpty();
    }

    @Test
    void unprotectedRollbackNeverOverwritesACommitRecord() {
        t1CommitsAt20();
        kv.rollback(shardOf(K), List.of(K), ts(20));
        Write w = writeAt(K, ts(20));
        assertThat(w.type).isEqualTo(WriteType.PUT);
        assertThat(w.startTs).isEqualTo(ts(10));
        assertThat(get(K, ts(20))).isEqualTo("t1");
    }

    @Test
    void rollingBackT2sOwnPrimaryLockKeepsT1sCommitRecordAtTheSameTs() {
        t1CommitsAt20();
        // T2 (start 20) prewrites K after T1's commit at 20: not a conflict, T2's snapshot includes it
        pw(K, ts(20)).put(K, "t2").run();
        kv.rollback(shardOf(K), List.of(K), ts(20));
        assertThat(lockOf(K)).isNull();
        assertT2IsRolledBackAndT1Kept(0);
    }

    // ---------------------------------------------------------------- scenario 13

    private void t1AsyncLockWithMin(long min) {
        PrewriteResult r = pw(K, ts(10)).put(K, "t1").async().min(min).run();
        assertThat(r.minCommitTs()).isEqualTo(min);
    }

    private void rollbackT2At25ThenCommitT1At25(Consumer<Long> protectedRollbackOfT2) {
        t1AsyncLockWithMin(ts(20));
        protectedRollbackOfT2.accept(ts(25));
        Lock l = lockOf(K);
        assertThat(l.startTs).as("T1's lock stays").isEqualTo(ts(10));
        assertThat(l.rollbackTs).containsExactly(ts(25));
        assertThat(l.useAsyncCommit).isTrue();
        Write rb = writeAt(K, ts(25));
        assertThat(rb.type).isEqualTo(WriteType.ROLLBACK);
        assertThat(rb.startTs).isEqualTo(ts(25));

        commit(K, ts(10), ts(25));
        Write w = writeAt(K, ts(25));
        assertThat(w.type).isEqualTo(WriteType.PUT);
        assertThat(w.startTs).isEqualTo(ts(10));
        assertThat(w.hasOverlappedRollback).as("T2's rollback survives inside T1's commit record").isTrue();
        assertThat(get(K, ts(25))).isEqualTo("t1");
        assertThatThrownBy(() -> pw(K, ts(25)).put(K, "t2").run()).isInstanceOf(TxnRolledBackException.class);
        assertThat(checkTxnStatus(K, ts(25), ts(40), ts(40)).kind()).isEqualTo(TxnStatus.Kind.ROLLED_BACK);
    }

    @Test
    void cleanupOfT2AddsItsStartTsToT1sAsyncLock() {
        rollbackT2At25ThenCommitT1At25(t2 -> kv.cleanup(shardOf(K), K, t2, 0));
    }

    @Test
    void checkSecondaryLocksOfT2AddsItsStartTsToT1sAsyncLock() {
        rollbackT2At25ThenCommitT1At25(t2 -> {
            SecondaryLocksStatus st = kv.checkSecondaryLocks(shardOf(K), List.of(K), t2);
            assertThat(st.rolledBack()).isTrue();
        });
    }

    @Test
    void rollbackIfNotExistOfT2AddsItsStartTsToT1sAsyncLock() {
        rollbackT2At25ThenCommitT1At25(t2 ->
                kv.checkTxnStatus(shardOf(K), K, t2, t2, expired(), true, false, false));
    }

    @Test
    void asyncLockWhoseMinCommitTsIsAboveTheRollbackIsNotMarked() {
        t1AsyncLockWithMin(ts(30));
        kv.cleanup(shardOf(K), K, ts(25), 0);
        assertThat(lockOf(K).rollbackTs).isEmpty();
        commit(K, ts(10), ts(30));
        assertThat(writeAt(K, ts(30)).hasOverlappedRollback).isFalse();
        assertThat(writeAt(K, ts(25)).type).isEqualTo(WriteType.ROLLBACK);
    }

    @Test
    void commitAtAnotherTsLeavesTheRollbackRecordInPlace() {
        t1AsyncLockWithMin(ts(20));
        kv.cleanup(shardOf(K), K, ts(25), 0);
        commit(K, ts(10), ts(27));
        assertThat(writeAt(K, ts(27)).hasOverlappedRollback).isFalse();
        assertThat(writeAt(K, ts(25)).type).isEqualTo(WriteType.ROLLBACK);
        assertThat(get(K, ts(27))).isEqualTo("t1");
    }
}
