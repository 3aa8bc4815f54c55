package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.MvccTxn;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * In-memory pessimistic locks through {@link MvccTxn}: kept out of RocksDB while the table has room, found by
 * {@link MvccReader#loadLock}, replaced by a persisted prewrite lock, and never held in memory and in the lock
 * column family at once.
 */
class PessimisticLockTableTest extends OneShardTestBase {
    private static Lock pessimistic(long forUpdateTs) {
        return Lock.builder(LockType.PESSIMISTIC, b("a"), 5, 3000).forUpdateTs(forUpdateTs).build();
    }

    private Lock load(String key) {
        try (MvccReader r = new MvccReader(shard.snapshot())) {
            return r.loadLock(b(key));
        }
    }

    private byte[] lockCf(String key) {
        try (ShardSnapshot snap = shard.snapshot()) {
            return snap.get(shard.lockCf(), MvccKeys.encodeUserKey(b(key)));
        }
    }

    private long sequence() {
        return shard.db().getLatestSequenceNumber();
    }

    @Test
    void aPessimisticLockLivesInMemoryAndItsLifeWritesNothingToRocksDb() {
        open(1 << 20);
        long seq = sequence();
        apply(t -> t.putLock(b("a"), pessimistic(7)));
        apply(t -> t.putLock(b("a"), pessimistic(9)));
        assertThat(load("a").forUpdateTs).isEqualTo(9);
        assertThat(load("a").type).isEqualTo(LockType.PESSIMISTIC);
        assertThat(lockCf("a")).isNull();
        assertThat(shard.lockedKeys().contains(b("a"))).as("readers need not look at it").isFalse();
        assertThat(shard.pessimisticLocks().count()).isEqualTo(1);

        List<byte[]> released = apply(t -> t.unlockKey(b("a")));
        assertThat(released).containsExactly(b("a"));
        assertThat(load("a")).isNull();
        assertThat(sequence()).as("no RocksDB write for lock, relock or release").isEqualTo(seq);
        assertThat(shard.pessimisticLocks().count()).isZero();
        assertThat(shard.pessimisticLocks().usedBytes()).isZero();
    }

    @Test
    void thePrewriteLockThatReplacesItIsPersistedAndTheMemoryEntryDropped() {
        open(1 << 20);
        apply(t -> t.putLock(b("a"), pessimistic(7)));
        apply(t -> t.putLock(b("a"), Lock.builder(LockType.PUT, b("a"), 5, 3000).forUpdateTs(7).build()));
        assertThat(load("a").type).isEqualTo(LockType.PUT);
        assertThat(lockCf("a")).isNotNull();
        assertThat(shard.lockedKeys().contains(b("a"))).isTrue();
        assertThat(shard.pessimisticLocks().get(b("a"))).isNull();
    }

    @Test
    void pastTheBudgetLocksGoToTheLockColumnFamilyAndStayThereUntilReleased() {
        open(200); // room for one small lock
        apply(t -> t.putLock(b("a"), pessimistic(7)));
        apply(t -> t.putLock(b("b"), pessimistic(7)));
        assertThat(shard.pessimisticLocks().get(b("a"))).isNotNull();
        assertThat(shard.pessimisticLocks().get(b("b"))).isNull();
        assertThat(lockCf("b")).as("over budget: persisted").isNotNull();
        assertThat(load("b").type).isEqualTo(LockType.PESSIMISTIC);

        apply(t -> t.unlockKey(b("a")));
        apply(t -> t.putLock(b("b"), pessimistic(9)));
        assertThat(shard.pessimisticLocks().get(b("b"))).as("a persisted lock is never also kept in memory").isNull();
        assertThat(load("b").forUpdateTs).isEqualTo(9);

        apply(t -> t.unlockKey(b("b")));
        assertThat(lockCf("b")).isNull();
        assertThat(load("b")).isNull();
    }

    @Test
    void aZeroBudgetPersistsEveryPessimisticLock() {
        open(0);
        apply(t -> t.putLock(b("a"), pessimistic(7)));
        assertThat(lockCf("a")).isNotNull();
        assertThat(shard.pessimisticLocks().count()).isZero();
    }

    @Test
    void theTableAccountsForReplacedAndRemovedEntries() {
        PessimisticLockTable table = new PessimisticLockTable(1 << 20);
        table.put(b("k1"), new byte[10]);
        long one = table.usedBytes();
        table.put(b("k1"), new byte[30]);
        assertThat(table.usedBytes()).isEqualTo(one + 20);
        table.put(b("k2"), new byte[10]);
        assertThat(table.count()).isEqualTo(2);
        assertThat(table.anyIn(b("k2"), b("k3"))).isTrue();
        assertThat(table.anyIn(b("k3"), new byte[0])).isFalse();
        table.remove(b("k1"));
        table.remove(b("k2"));
        table.remove(b("k2"));
        assertThat(table.count()).isZero();
        assertThat(table.usedBytes()).isZero();
        assertThat(new PessimisticLockTable(one).hasRoomFor(b("k1"), new byte[11])).isFalse();
    }
}
