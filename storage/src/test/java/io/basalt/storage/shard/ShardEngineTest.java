package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.config.RocksDbConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rocksdb.WriteBatch;

class ShardEngineTest extends EngineTestBase {

    private ShardEngine open(int shards) {
        return openEngine(shards, 0);
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

    /** The options RocksDB persisted at its last open (its newest OPTIONS file). */
    private String persistedOptions() throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("engine"))) {
            Path newest = files.filter(p -> p.getFileName().toString().matches("OPTIONS-\\d+"))
                    .max(Comparator.comparing(p -> Long.parseLong(p.getFileName().toString().substring(8))))
                    .orElseThrow();
            return Files.readString(newest);
        }
    }

    @Test
    void flushesCompactionsAndTheWalAreWrittenBackEveryMebibyteUnlessConfiguredOtherwise() throws Exception {
        try (ShardEngine ignored = open(1)) {
            assertThat(persistedOptions()).contains("bytes_per_sync=1048576").contains("wal_bytes_per_sync=1048576");
        }
        RocksDbConfig cfg = new RocksDbConfig();
        cfg.bytesPerSyncKb = 0;
        cfg.walBytesPerSyncKb = 64;
        try (ShardEngine ignored = ShardEngine.open(dir.resolve("engine"), cfg, cache(), 1, 0)) {
            assertThat(persistedOptions()).contains("\n  bytes_per_sync=0").contains("wal_bytes_per_sync=65536");
        }
    }

    /** Live WAL bytes after writing {@code mib} MiB to shard 0 while shard 1 holds one unflushed write. */
    private long walBytesAfterWriting(int mib, long boundMb) throws Exception {
        RocksDbConfig cfg = new RocksDbConfig();
        cfg.writeBufferSizeMb = 1;
        cfg.maxTotalWalSizeMb = boundMb;
        Path engineDir = dir.resolve("engine-" + boundMb);
        try (ShardEngine engine = ShardEngine.open(engineDir, cfg, cache(), 2, 0)) {
            put(engine.shard(1), "rare", "x");
            String value = "v".repeat(64 * 1024);
            for (int i = 0; i < mib * 16; i++) {
                put(engine.shard(0), "k" + i, value);
            }
            long bytes = walBytes(engineDir);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (boundMb > 0 && bytes > 3L << 20 && System.nanoTime() < deadline) {
                Thread.sleep(50); // obsolete WAL files are deleted in the background after the flush
                bytes = walBytes(engineDir);
            }
            assertThat(get(engine.shard(1), "rare")).isEqualTo("x");
            return bytes;
        }
    }

    private static long walBytes(Path engineDir) throws IOException {
        try (Stream<Path> files = Files.list(engineDir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".log")).mapToLong(p -> p.toFile().length())
                    .sum();
        }
    }

    @Test
    void theWalIsKeptNearItsBoundByFlushingTheColumnFamiliesThatHoldItsOldestFileBack() throws Exception {
        assertThat(walBytesAfterWriting(8, 0)).as("RocksDB's own bound keeps every WAL file since shard 1's write")
                .isGreaterThan(6L << 20);
        assertThat(walBytesAfterWriting(8, 1)).isLessThanOrEqualTo(3L << 20);
        try (ShardEngine ignored = open(1)) {
            assertThat(persistedOptions()).contains("max_total_wal_size=1073741824");
        }
    }
}
