package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.config.RocksDbConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteBatch;

class ShardEngineTest {
    @TempDir
    Path dir;

    private LRUCache cache;

    @BeforeEach
    void setUp() {
        RocksDB.loadLibrary();
        cache = new LRUCache(4L * 1024 * 1024);
    }

    @AfterEach
    void tearDown() {
        cache.close();
    }

    private ShardEngine open(int shards) {
        return ShardEngine.open(dir.resolve("engine"), new RocksDbConfig(), cache, shards, 0);
    }

    private static void put(Shard shard, String key, String value) throws Exception {
        try (WriteBatch b = new WriteBatch()) {
            b.put(shard.writeCf(), bytes(key), bytes(value));
            shard.write(b, true);
        }
    }

    private static String get(Shard shard, String key) {
        try (ShardSnapshot snap = shard.snapshot()) {
            byte[] v = snap.get(shard.writeCf(), bytes(key));
            return v == null ? null : new String(v, StandardCharsets.UTF_8);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void shardsShareTheDatabaseButNotTheirColumnFamilies() throws Exception {
        try (ShardEngine engine = open(2)) {
            put(engine.shard(0), "k", "zero");
            assertThat(get(engine.shard(0), "k")).isEqualTo("zero");
            assertThat(get(engine.shard(1), "k")).isNull();
            assertThat(engine.shard(1).writeCf()).isNotEqualTo(engine.shard(0).writeCf());
        }
    }

    @Test
    void aReopenedEngineKeepsItsDataAndItsShardCountCanGrowButNotShrink() throws Exception {
        try (ShardEngine engine = open(2)) {
            put(engine.shard(1), "k", "one");
        }
        try (ShardEngine engine = open(3)) {
            assertThat(engine.shardCount()).isEqualTo(3);
            assertThat(get(engine.shard(1), "k")).isEqualTo("one");
            put(engine.shard(2), "k", "two");
        }
        try (ShardEngine engine = open(1)) {
            assertThat(engine.shardCount()).as("every shard the directory holds").isEqualTo(3);
            assertThat(get(engine.shard(2), "k")).isEqualTo("two");
        }
    }
}
