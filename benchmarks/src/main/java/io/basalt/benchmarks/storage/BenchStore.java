package io.basalt.benchmarks.storage;

import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.fault.FaultInjector;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A store for one benchmark trial: the production {@link StoreConfig} defaults (4 shards, 256 MB block cache, 64 MB
 * memtables, WAL synced on every decisive write) in a fresh directory, deleted on {@link #close()}. Table
 * {@link #TABLE} has its rows on shard {@code TABLE mod 4} and index {@link #INDEX} on the next shard, so a row-only
 * transaction is single-shard and row + index spans two shards.
 *
 * <p>The directory is created under {@code -Dbasalt.bench.dir} (default: {@code java.io.tmpdir}); point it at the
 * disk you want to measure, since every commit waits for an fsync there.
 */
final class BenchStore implements AutoCloseable {
    static final long TABLE = 1;
    static final long INDEX = 1;

    final Path dir;
    final StoreConfig config;
    private TxnStore store;

    private BenchStore(Path dir, StoreConfig config) {
        this.dir = dir;
        this.config = config;
    }

    /** Opens a fresh store in a new temporary directory. */
    static BenchStore create() {
        Path dir;
        try {
            String base = System.getProperty("basalt.bench.dir");
            Path parent = Path.of(base != null ? base : System.getProperty("java.io.tmpdir"));
            Files.createDirectories(parent);
            dir = Files.createTempDirectory(parent, "basalt-bench-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // a trial that dies before its teardown must not leave its data behind
        Path toDelete = dir;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(toDelete), "basalt-bench-cleanup"));
        StoreConfig c = new StoreConfig();
        c.dataDir = dir.toString();
        if (!c.rocksdb.syncDecisiveWrites) {
            throw new IllegalStateException("benchmarks measure synced commits; syncDecisiveWrites is off by default?");
        }
        BenchStore b = new BenchStore(dir, c);
        try {
            b.reopen();
            b.store.placeTable(TABLE, List.of(INDEX));
            int rowShard = b.store.regions().shardOf(row(0));
            int indexShard = b.store.regions().shardOf(index(0));
            if (rowShard == indexShard) {
                throw new IllegalStateException("row and index of table " + TABLE + " landed on one shard ("
                        + rowShard + "); the two-shard benchmarks would not span two shards");
            }
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        return b;
    }

    TxnStore store() {
        return store;
    }

    /** Closes and reopens the store on the same directory (RocksDB flushes the recovered WAL into SST files). */
    void reopen() {
        if (store != null) {
            store.close();
            store = null;
        }
        store = TxnStore.open(config, new SimpleMeterRegistry(), null, FaultInjector.NONE);
    }

    static byte[] row(long handle) {
        return TableKeys.rowKey(TABLE, handle);
    }

    static byte[] index(long value) {
        return TableKeys.indexKeyBuilder(TABLE, INDEX).putLongBigEndian(value).toBytes();
    }

    @Override
    public void close() {
        try {
            if (store != null) {
                store.close();
                store = null;
            }
        } finally {
            deleteQuietly(dir);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort: a file still held open is reported below by the remaining directory
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // fall through to the check
        }
        if (Files.exists(dir)) {
            System.err.println("basalt-benchmarks: could not delete " + dir);
        }
    }
}
