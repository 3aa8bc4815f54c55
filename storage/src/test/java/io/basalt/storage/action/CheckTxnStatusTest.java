package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.TxnNotFoundException;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CheckTxnStatus on a primary key (spec §2.5). */
class CheckTxnStatusTest extends ActionTestBase {

    private TxnStatus check(long lockTs, long caller, long now, boolean rollbackIfNotExist, boolean forceSync,
                            boolean resolvingPessimistic) {
        return kv.checkTxnStatus(shardOf(row(1)), row(1), lockTs, caller, now, rollbackIfNotExist, forceSync,
                resolvingPessimistic);
    }

    @Test
    void committedTransactionReportsItsCommitTs() {
        commitPut(row(1), "a", ts(10), ts(15));
        TxnStatus st = check(ts(10), ts(20), ts(20), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.COMMITTED);
        assertThat(st.commitTs()).isEqualTo(ts(15));
        assertThat(st.isFinal()).isTrue();
    }

    @Test
    void rolledBackTransactionReportsRolledBack() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10));
        TxnStatus st = check(ts(10), ts(20), ts(20), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.ROLLED_BACK);
    }

    @Test
    void unknownTransactionIsTxnNotFoundAndNothingIsWritten() {
        assertThatThrownBy(() -> check(ts(10), ts(20), ts(20), false, false, false))
                .isInstanceOf(TxnNotFoundException.class);
        assertThat(writes(row(1))).isEmpty();
        // the primary may simply not be prewritten yet: it still can be
        pw(row(1), ts(10)).put(row(1), "a").run();
        assertThat(lockOf(row(1))).isNotNull();
    }

    @Test
    void rollbackIfNotExistWritesAProtectedRollbackSoTheLatePrimaryPrewriteFails() {
        TxnStatus st = check(ts(10), ts(20), expired(), true, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.ROLLED_BACK);
        Write w = writeAt(row(1), ts(10));
        assertThat(w.type).isEqualTo(WriteType.ROLLBACK);
        assertThat(w.isProtectedRollback()).isTrue();
        assertThatThrownBy(() -> pw(row(1), ts(10)).put(row(1), "late").run())
                .isInstanceOf(TxnRolledBackException.class);
    }

    @Test
    void rollbackIfNotExistWhileResolvingAPessimisticLockDoesNothing() {
        TxnStatus st = check(ts(10), ts(20), expired(), true, false, true);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCK_NOT_EXIST_DO_NOTHING);
        assertThat(writes(row(1))).isEmpty();
    }

    @Test
    void expired2pcLockIsRolledBack() {
        pw(row(1), ts(10)).put(row(1), longValue('e')).run();
        TxnStatus st = check(ts(10), ts(20), expired(), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.ROLLED_BACK);
        assertThat(lockOf(row(1))).isNull();
        assertThat(writeAt(row(1), ts(10)).isProtectedRollback()).isTrue();
        assertThat(defaultValue(row(1), ts(10))).isNull();
    }

    @Test
    void live2pcLockHasItsMinCommitTsPushedPastTheCaller() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        TxnStatus st = check(ts(10), ts(20), ts(12), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        assertThat(st.minCommitTsPushed()).isTrue();
        assertThat(st.lock().minCommitTs).isEqualTo(ts(21));
        assertThat(lockOf(row(1)).minCommitTs).as("persisted").isEqualTo(ts(21));
        // the caller can now read at 20 past the lock
        assertThat(get(row(1), ts(20))).isNull();
    }

    @Test
    void pushUsesCurrentTsWhenItIsLarger() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        TxnStatus st = check(ts(10), ts(20), ts(30), false, false, false);
        assertThat(st.lock().minCommitTs).isEqualTo(ts(30));
    }

    @Test
    void callerBelowMinCommitTsLeavesTheLockButMayBypassIt() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        TxnStatus st = check(ts(10), ts(8), ts(12), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        assertThat(st.minCommitTsPushed()).isTrue();
        assertThat(lockOf(row(1)).minCommitTs).isEqualTo(ts(11));
    }

    @Test
    void readLatestCallerNeitherPushesNorRaisesMaxTsButMayBypass() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        TxnStatus st = check(ts(10), Long.MAX_VALUE, ts(12), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        assertThat(st.minCommitTsPushed()).isTrue();
        assertThat(lockOf(row(1)).minCommitTs).isEqualTo(ts(11));
        assertThat(cm.maxTs()).isLessThan(Long.MAX_VALUE);
    }

    @Test
    void liveAsyncLockIsReturnedUntouched() {
        long min = pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").async(row(2)).run().minCommitTs();
        TxnStatus st = check(ts(10), ts(50), ts(12), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        assertThat(st.minCommitTsPushed()).isFalse();
        assertThat(st.lock().useAsyncCommit).isTrue();
        assertThat(st.lock().secondaries).hasSize(1);
        assertThat(lockOf(row(1)).minCommitTs).isEqualTo(min);
    }

    @Test
    void expiredAsyncLockIsNeverRolledBackOrPushed() {
        long min = pw(row(1), ts(10)).put(row(1), "a").async().run().minCommitTs();
        TxnStatus st = check(ts(10), ts(50), expired(), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        assertThat(st.minCommitTsPushed()).isFalse();
        Lock l = lockOf(row(1));
        assertThat(l).isNotNull();
        assertThat(l.minCommitTs).isEqualTo(min);
        assertThat(writes(row(1))).isEmpty();
    }

    @Test
    void forceSyncCommitTreatsAnAsyncLockAs2pc() {
        pw(row(1), ts(10)).put(row(1), "a").async().run();
        TxnStatus live = check(ts(10), ts(50), ts(12), false, true, false);
        assertThat(live.minCommitTsPushed()).isTrue();
        assertThat(lockOf(row(1)).minCommitTs).isEqualTo(ts(51));

        TxnStatus dead = check(ts(10), ts(50), expired(), false, true, false);
        assertThat(dead.kind()).isEqualTo(TxnStatus.Kind.ROLLED_BACK);
        assertThat(lockOf(row(1))).isNull();
    }

    @Test
    void aCommittingTransactionIsNeverRolledBackOrPushed() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        cm.markCommitting(ts(10));
        try {
            TxnStatus st = check(ts(10), ts(50), expired(), false, false, false);
            assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
            assertThat(st.minCommitTsPushed()).isFalse();
            assertThat(lockOf(row(1)).minCommitTs).isEqualTo(ts(11));
            assertThat(writes(row(1))).isEmpty();
        } finally {
            cm.clearCommitting(ts(10));
        }
        // its coordinator can still commit it at the ts it chose
        commit(row(1), ts(10), ts(40));
        assertThat(get(row(1), ts(40))).isEqualTo("a");
    }

    @Test
    void expiredPessimisticPrimaryWhileResolvingAPessimisticLockIsRemovedWithoutRecord() {
        pessimisticLock(row(1), ts(10), ts(10), row(1));
        TxnStatus st = check(ts(10), ts(20), expired(), false, false, true);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.PESSIMISTIC_ROLLED_BACK);
        assertThat(lockOf(row(1))).isNull();
        assertThat(writes(row(1))).as("no rollback record: the transaction may pick another primary").isEmpty();
    }

    @Test
    void expiredPessimisticPrimaryOtherwiseIsRolledBack() {
        pessimisticLock(row(1), ts(10), ts(10), row(1));
        TxnStatus st = check(ts(10), ts(20), expired(), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.ROLLED_BACK);
        assertThat(lockOf(row(1))).isNull();
        assertThat(writeAt(row(1), ts(10)).isProtectedRollback()).isTrue();
    }

    @Test
    void livePessimisticPrimaryIsLeftAlone() {
        pessimisticLock(row(1), ts(10), ts(10), row(1));
        TxnStatus st = check(ts(10), ts(50), ts(12), false, false, true);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        assertThat(lockOf(row(1))).isNotNull();
    }

    @Test
    void checkRaisesMaxTsToTheCallersStartTs() {
        check(ts(10), ts(60), ts(12), true, false, false);
        long min = pw(row(2), ts(20)).put(row(2), "x").async().run().minCommitTs();
        assertThat(min).isGreaterThan(ts(60));
    }
}
