package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** AcquirePessimisticLock in lock-with-conflict mode, with "lock returns data" (spec §2.9). */
class AcquirePessimisticLockTest extends ActionTestBase {

    private PessimisticLockResult lock(long startTs, long forUpdateTs, boolean returnValues, boolean[] shouldNotExist,
                                       byte[]... keys) {
        return kv.acquirePessimisticLock(shardOf(keys[0]), new PessimisticLockRequest(List.of(keys), shouldNotExist,
                row(1), startTs, forUpdateTs, TTL, returnValues));
    }

    @Test
    void writesPessimisticLocks() {
        PessimisticLockResult r = lock(ts(10), ts(12), false, null, row(1), row(2));
        assertThat(r.maxConflictTs()).isZero();
        assertThat(r.values()).isEmpty();
        Lock l = lockOf(row(2));
        assertThat(l.type).isEqualTo(LockType.PESSIMISTIC);
        assertThat(l.startTs).isEqualTo(ts(10));
        assertThat(l.forUpdateTs).isEqualTo(ts(12));
        assertThat(l.ttlMs).isEqualTo(TTL);
        assertSameKey(l.primary, row(1));
        assertThat(writes(row(2))).isEmpty();
    }

    @Test
    void foreignLockIsKeyIsLocked() {
        pw(row(2), ts(5)).put(row(2), "x").run();
        assertThatThrownBy(() -> lock(ts(10), ts(12), false, null, row(1), row(2)))
                .isInstanceOfSatisfying(KeyIsLockedException.class, e -> {
                    assertSameKey(e.key, row(2));
                    assertThat(e.lock.startTs).isEqualTo(ts(5));
                });
        assertThat(lockOf(row(1))).as("nothing written").isNull();
    }

    @Test
    void foreignPessimisticLockIsKeyIsLockedToo() {
        lock(ts(5), ts(5), false, null, row(1));
        assertThatThrownBy(() -> lock(ts(10), ts(12), false, null, row(1)))
                .isInstanceOf(KeyIsLockedException.class);
    }

    @Test
    void returnsTheLatestCommittedValues() {
        commitPut(row(1), "one", ts(1), ts(2));
        commitPut(row(1), "one-b", ts(3), ts(4));
        commitPut(row(3), "gone", ts(1), ts(2));
        pw(row(3), ts(5)).add(Mutation.delete(row(3))).run();
        commit(row(3), ts(5), ts(6));
        PessimisticLockResult r = lock(ts(10), ts(12), true, null, row(1), row(2), row(3));
        assertThat(r.values()).hasSize(3);
        assertThat(s(r.values().get(0))).isEqualTo("one-b");
        assertThat(r.values().get(1)).isNull();
        assertThat(r.values().get(2)).as("deleted").isNull();
    }

    @Test
    void returnsLongValues() {
        byte[] big = longValue('p');
        pw(row(1), ts(1)).put(row(1), big).run();
        commit(row(1), ts(1), ts(2));
        PessimisticLockResult r = lock(ts(10), ts(12), true, null, row(1));
        assertThat(r.values().get(0)).isEqualTo(big);
    }

    @Test
    void newerCommitLocksWithConflictAndReportsIt() {
        commitPut(row(2), "newer", ts(11), ts(15)); // committed after for_update_ts 12
        PessimisticLockResult r = lock(ts(10), ts(12), true, null, row(1), row(2));
        assertThat(r.maxConflictTs()).isEqualTo(ts(15));
        assertThat(s(r.values().get(1))).as("the latest value, not the one at for_update_ts").isEqualTo("newer");
        Lock l = lockOf(row(2));
        assertThat(l.type).isEqualTo(LockType.PESSIMISTIC);
        assertThat(l.forUpdateTs).isEqualTo(ts(15));
        assertThat(l.minCommitTs).isGreaterThan(ts(15));
        assertThat(lockOf(row(1)).forUpdateTs).isEqualTo(ts(12));
    }

    @Test
    void shouldNotExistOnALiveKeyIsDuplicateKey() {
        commitPut(row(2), "x", ts(1), ts(2));
        assertThatThrownBy(() -> lock(ts(10), ts(12), false, new boolean[] {true, true}, row(1), row(2)))
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(lockOf(row(1))).isNull();
        assertThat(lockOf(row(2))).isNull();
        // a key whose check is off may exist
        lock(ts(10), ts(12), false, new boolean[] {true, false}, row(1), row(2));
        assertThat(lockOf(row(2))).isNotNull();
    }

    @Test
    void rolledBackTransactionCannotLock() {
        kv.cleanup(shardOf(row(1)), row(1), ts(10), 0);
        assertThatThrownBy(() -> lock(ts(10), ts(12), false, null, row(1)))
                .isInstanceOf(TxnRolledBackException.class);
        assertThat(lockOf(row(1))).isNull();
    }

    @Test
    void readingRaisesMaxTsToForUpdateTs() {
        lock(ts(10), ts(80), true, null, row(1));
        assertThat(cm.maxTs()).isGreaterThanOrEqualTo(ts(80));
        long min = pw(row(5), ts(20)).put(row(5), "x").async().run().minCommitTs();
        assertThat(min).isGreaterThan(ts(80));
    }

    @Test
    void shouldNotExistCheckRaisesMaxTsToo() {
        lock(ts(10), ts(80), false, new boolean[] {true}, row(1));
        assertThat(cm.maxTs()).isGreaterThanOrEqualTo(ts(80));
    }

    @Test
    void relockingIsIdempotentAndALaterStatementRaisesForUpdateTs() {
        lock(ts(10), ts(12), false, null, row(1));
        lock(ts(10), ts(12), false, null, row(1));
        assertThat(lockOf(row(1)).forUpdateTs).isEqualTo(ts(12));
        lock(ts(10), ts(20), false, null, row(1));
        assertThat(lockOf(row(1)).forUpdateTs).isEqualTo(ts(20));
        lock(ts(10), ts(15), false, null, row(1));
        assertThat(lockOf(row(1)).forUpdateTs).as("never lowered").isEqualTo(ts(20));
    }

    @Test
    void lockingAKeyAlreadyPrewrittenByTheSameTransactionFails() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        assertThatThrownBy(() -> lock(ts(10), ts(12), false, null, row(1)))
                .isInstanceOf(io.basalt.storage.error.StorageException.class);
        assertThat(lockOf(row(1)).type).isEqualTo(LockType.PUT);
    }
}
