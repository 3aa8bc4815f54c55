package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.config.RocksDbConfig;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;
import io.basalt.storage.mvcc.MvccTxn;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;

/** A shard's {@link LockedKeys} follows the lock CF through write batches and is rebuilt from it on open. */
class LockedKeysTest {
    @TempDir
    Path dir;

    private LRUCache cache;
    private Shard shard;

    private Shard open() {
        RocksDB.loadLibrary();
        if (cache == null) {
            cache = new LRUCache(4L * 1024 * 1024);
        }
        shard = Shard.open(0, dir.resolve("shard"), new RocksDbConfig(), cache, 0);
        return shard;
    }

    @AfterEach
    void close() {
        if (shard != null) {
            shard.close();
        }
        if (cache != null) {
            cache.close();
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Lock lock(String primary) {
        return Lock.builder(LockType.PUT, b(primary), 5, 3000).build();
    }

    private void apply(Consumer<MvccTxn> changes) {
        try (MvccTxn txn = new MvccTxn(shard)) {
            changes.accept(txn);
            txn.apply();
        }
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
        open();
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
        open();
        lockInOneBatch("x", "y");
        apply(t -> t.unlockKey(b("x")));
        shard.close();
        open();
        assertThat(shard.lockedKeys().in(b(""), b(""), 10)).containsExactly(b("y"));
    }

    @Test
    void moreKeysThanAskedForAreReportedAsNone() {
        open();
        lockInOneBatch("a", "b", "c");
        assertThat(shard.lockedKeys().in(b(""), b(""), 3)).hasSize(3);
        assertThat(shard.lockedKeys().in(b(""), b(""), 2)).isNull();
        assertThat(shard.lockedKeys().in(b("b"), b(""), 2)).containsExactly(b("b"), b("c"));
    }
}
