package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import io.basalt.storage.testing.PrewriteRequestBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CheckSecondaryLocks, the async-commit recovery probe (spec §2.6, §3.7, §3.8). */
class CheckSecondaryLocksTest extends ActionTestBase {

    private SecondaryLocksStatus check(long startTs, byte[]... keys) {
        return kv.checkSecondaryLocks(shardOf(keys[0]), List.of(keys), startTs);
    }

    /** An async transaction with primary row 1 and secondaries rows 2, 3 (all on one shard). */
    private long prewriteAsync(long startTs, byte[]... keys) {
        PrewriteRequestBuilder p = pw(row(1), startTs).async(keys).put(row(1), "p");
        for (byte[] k : keys) {
            p.put(k, "v");
        }
        long min = p.run().minCommitTs();
        assertThat(min).isPositive();
        return min;
    }

    @Test
    void allLockedReportsTheLocks() {
        cm.updateMaxTs(ts(30));
        prewriteAsync(ts(10), row(2), row(3));
        SecondaryLocksStatus st = check(ts(10), row(2), row(3));
        assertThat(st.isCommitted()).isFalse();
        assertThat(st.rolledBack()).isFalse();
        assertThat(st.locks()).hasSize(2);
        for (KeyLock kl : st.locks()) {
            assertThat(kl.lock().useAsyncCommit).isTrue();
            assertThat(kl.lock().minCommitTs).isEqualTo(ts(31));
            assertThat(kl.lock().startTs).isEqualTo(ts(10));
        }
        assertSameKey(st.locks().get(0).key(), row(2));
        assertSameKey(st.locks().get(1).key(), row(3));
        assertThat(lockOf(row(2))).as("nothing changed").isNotNull();
    }

    @Test
    void oneCommittedKeyDecidesCommitted() {
        long min = prewriteAsync(ts(10), row(2), row(3));
        commit(row(3), ts(10), min);
        SecondaryLocksStatus st = check(ts(10), row(2), row(3));
        assertThat(st.isCommitted()).isTrue();
        assertThat(st.commitTs()).isEqualTo(min);
        assertThat(lockOf(row(2))).as("left for ResolveLock").isNotNull();
    }

    @Test
    void missingKeyGetsAProtectedRollbackAndTheLatePrewriteFails() {
        // the prewrite of row 3 is still in flight
        pw(row(1), ts(10)).put(row(1), "v").put(row(2), "v").async(row(2), row(3)).run();
        SecondaryLocksStatus st = check(ts(10), row(2), row(3));
        assertThat(st.rolledBack()).isTrue();
        assertThat(st.isCommitted()).isFalse();
        Write w = writeAt(row(3), ts(10));
        assertThat(w.type).isEqualTo(WriteType.ROLLBACK);
        assertThat(w.isProtectedRollback()).isTrue();

        assertThatThrownBy(() -> pw(row(1), ts(10)).put(row(3), "v").async().run())
                .isInstanceOf(TxnRolledBackException.class);
        assertThat(lockOf(row(3))).isNull();
    }

    @Test
    void alreadyRolledBackKeyReportsRolledBackWithoutNewRecord() {
        kv.rollback(shardOf(row(2)), List.of(row(2)), ts(10));
        SecondaryLocksStatus st = check(ts(10), row(2));
        assertThat(st.rolledBack()).isTrue();
        assertThat(writeAt(row(2), ts(10)).isProtectedRollback()).isFalse();
    }

    @Test
    void ownPessimisticLockIsRolledBack() {
        pessimisticLock(row(1), ts(10), ts(10), row(2));
        SecondaryLocksStatus st = check(ts(10), row(2));
        assertThat(st.rolledBack()).isTrue();
        assertThat(lockOf(row(2))).isNull();
        assertThat(writeAt(row(2), ts(10)).isProtectedRollback()).isTrue();
        assertThatThrownBy(() -> pw(row(1), ts(10)).forUpdate(ts(10)).putLocked(row(2), "v").async().run())
                .isInstanceOf(TxnRolledBackException.class);
    }

    @Test
    void raisesMaxTsToTheCheckedStartTs() {
        check(ts(70), row(5));
        long min = pw(row(6), ts(20)).put(row(6), "x").async().run().minCommitTs();
        assertThat(min).isGreaterThan(ts(70));
    }
}
