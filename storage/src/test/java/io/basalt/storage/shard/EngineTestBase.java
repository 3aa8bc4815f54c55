package io.basalt.storage.shard;

import io.basalt.storage.config.RocksDbConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;

/** A temporary data directory and a block cache for tests that open a {@link ShardEngine} in it. */
abstract class EngineTestBase {
    @TempDir
    Path dir;

    private LRUCache cache;

    /** The block cache, kept across reopenings within a test and closed after it. */
    LRUCache cache() {
        if (cache == null) {
            RocksDB.loadLibrary();
            cache = new LRUCache(4L * 1024 * 1024);
        }
        return cache;
    }

    /** Opens the engine in {@code dir/engine}; the test closes it. */
    ShardEngine openEngine(int shards, long pessimisticLockBudgetBytes) {
        return ShardEngine.open(dir.resolve("engine"), new RocksDbConfig(), cache(), shards,
                pessimisticLockBudgetBytes);
    }

    @AfterEach
    void closeCache() {
        if (cache != null) {
            cache.close();
        }
    }
}
