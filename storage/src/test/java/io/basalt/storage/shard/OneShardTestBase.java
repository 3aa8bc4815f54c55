package io.basalt.storage.shard;

import io.basalt.storage.config.RocksDbConfig;
import io.basalt.storage.mvcc.MvccTxn;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;

/** One raw shard in a temporary directory, written through {@link MvccTxn} batches; closed after each test. */
abstract class OneShardTestBase {
    @TempDir
    Path dir;

    private LRUCache cache;
    private ShardEngine engine;
    Shard shard;

    /** Opens the shard, or opens it again after the test closed it (the block cache is kept). */
    Shard open(long pessimisticLockBudgetBytes) {
        RocksDB.loadLibrary();
        if (cache == null) {
            cache = new LRUCache(4L * 1024 * 1024);
        }
        engine = ShardEngine.open(dir.resolve("engine"), new RocksDbConfig(), cache, 1, pessimisticLockBudgetBytes);
        shard = engine.shard(0);
        return shard;
    }

    /** Closes the shard's engine; {@link #open} opens it again. */
    void closeShard() {
        if (engine != null) {
            engine.close();
            engine = null;
        }
    }

    @AfterEach
    void closeAll() {
        closeShard();
        if (cache != null) {
            cache.close();
        }
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Applies one batch; returns the keys it unlocked. */
    List<byte[]> apply(Consumer<MvccTxn> changes) {
        try (MvccTxn txn = new MvccTxn(shard)) {
            changes.accept(txn);
            txn.apply();
            return txn.releasedLocks();
        }
    }
}
