package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;
import io.basalt.storage.mvcc.MvccReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A shard's {@link LockedKeys} follows the lock CF through write batches and is rebuilt from it on open. */
class LockedKeysTest extends OneShardTestBase {
    private static Lock lock(String primary) {
        return Lock.builder(LockType.PUT, b(primary), 5, 3000).build();
    }

    /** Locks the keys in one batch, the first as primary. */
    private void lockInOneBatch(String... keys) {
        apply(t -> {
            for (String k : keys) {
                t.putLock(b(k), lock(keys[0]));
            }
        });
    }

    @Test
    void theLastLockChangeOfABatchDecides() {
        open(0);
        lockInOneBatch("a", "b", "c");
        assertThat(shard.lockedKeys().in(b(""), b(""), 10)).containsExactly(b("a"), b("b"), b("c"));
        apply(t -> {
            t.unlockKey(b("a"));
            t.unlockKey(b("b"));
            t.putLock(b("b"), lock("b"));
            t.putLock(b("d"), lock("b"));
            t.unlockKey(b("d"));
        });
        assertThat(shard.lockedKeys().in(b(""), b(""), 10)).containsExactly(b("b"), b("c"));
        assertThat(shard.lockedKeys().in(b("a"), b("c"), 10)).containsExactly(b("b"));
        assertThat(shard.lockedKeys().contains(b("a"))).isFalse();
    }

    @Test
    void reopeningNamesThePersistedLocks() {
        open(0);
        lockInOneBatch("x", "y");
        apply(t -> t.unlockKey(b("x")));
        closeShard();
        open(0);
        assertThat(shard.lockedKeys().in(b(""), b(""), 10)).containsExactly(b("y"));
    }

    @Test
    void aReaderUnderLatchesReadsTheLockCfOnlyForNamedKeys() throws Exception {
        open(1 << 20);
        lockInOneBatch("persisted");
        shard.pessimisticLocks().put(b("in-memory"), lock("in-memory").encode());
        // a lock written behind LockedKeys' back: only the plain reader's lock CF read can find it
        shard.db().put(shard.lockCf(), MvccKeys.encodeUserKey(b("unnamed")), lock("unnamed").encode());
        try (MvccReader latched = MvccReader.forLatchedKeys(shard.snapshot());
             MvccReader plain = new MvccReader(shard.snapshot())) {
            for (MvccReader r : List.of(latched, plain)) {
                assertThat(r.loadLock(b("persisted")).primary).isEqualTo(b("persisted"));
                assertThat(r.loadLock(b("in-memory")).primary).isEqualTo(b("in-memory"));
                assertThat(r.loadLock(b("free"))).isNull();
            }
            assertThat(plain.loadLock(b("unnamed"))).isNotNull();
            assertThat(latched.loadLock(b("unnamed"))).isNull();
        }
    }

    @Test
    void moreKeysThanAskedForAreReportedAsNone() {
        open(0);
        lockInOneBatch("a", "b", "c");
        assertThat(shard.lockedKeys().in(b(""), b(""), 3)).hasSize(3);
        assertThat(shard.lockedKeys().in(b(""), b(""), 2)).isNull();
        assertThat(shard.lockedKeys().in(b("b"), b(""), 2)).containsExactly(b("b"), b("c"));
    }
}
