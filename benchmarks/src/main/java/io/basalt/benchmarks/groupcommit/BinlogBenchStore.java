package io.basalt.benchmarks.groupcommit;

import io.basalt.protocol.binlog.BinlogColumn;
import io.basalt.protocol.binlog.BinlogColumnType;
import io.basalt.protocol.binlog.RowsEvent;
import io.basalt.protocol.binlog.TableMapEvent;
import io.basalt.storage.TxnStore;
import io.basalt.storage.binlog.BinlogCache;
import io.basalt.storage.binlog.BinlogConfig;
import io.basalt.storage.binlog.BinlogService;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.txn.Transaction;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A store with the binary log as its commit sink, as the server runs it: production {@link StoreConfig} and
 * {@link BinlogConfig} defaults (sync_binlog=1, CRC32) in a fresh directory under {@code base}, deleted on
 * {@link #close()}. Transactions write one row of table 1 and binlog a Table_map and a Write_rows event for it;
 * a large one writes one row in storage but logs {@code n} rows of a LONGTEXT-like column, so the benchmark measures
 * the binlog step, not storage's handling of a huge value. Thread-safe as the store and the binlog are.
 */
final class BinlogBenchStore implements AutoCloseable {
    private static final long TABLE = 1;
    private static final List<BinlogColumn> COLUMNS = List.of(
            BinlogColumn.integer("id", BinlogColumnType.LONGLONG, false, false),
            BinlogColumn.blob("doc", 4, 45, true));
    private static final byte[] SMALL_VALUE = new byte[180];

    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final Path dir;
    private final BinlogService binlog;
    private final TxnStore store;

    /** @param largeCommitThreshold binlog_large_commit_threshold: caches at least this big are renamed */
    BinlogBenchStore(Path base, long largeCommitThreshold) {
        try {
            Files.createDirectories(base);
            dir = Files.createTempDirectory(base, "basalt-binlog-bench-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        BinlogConfig defaults = BinlogConfig.defaults(dir.resolve("binlog"));
        binlog = BinlogService.open(defaults.withCache(defaults.cacheSize(), largeCommitThreshold), meters);
        StoreConfig c = new StoreConfig();
        c.dataDir = dir.resolve("data").toString();
        store = TxnStore.open(c, meters, binlog.sink(), FaultInjector.NONE);
    }

    BinlogService binlog() {
        return binlog;
    }

    /** Commits one small transaction (one 180-byte row, ~250 bytes of binlog); returns its latency in ns. */
    long commitSmall(long handle, BinlogCache cache) {
        long t0 = System.nanoTime();
        Transaction t = store.begin(store.defaultOptions());
        t.put(TableKeys.rowKey(TABLE, handle), SMALL_VALUE);
        appendRows(cache, handle, 1, 100);
        t.commit(cache.payload());
        cache.reset();
        return System.nanoTime() - t0;
    }

    /**
     * Fills {@code cache} with {@code mib} MiB of Write_rows events (rows of 4 MiB, as one large LONGTEXT value is
     * split into rows events of a few MiB) and returns the transaction that will commit them.
     */
    Transaction prepareLarge(long handle, BinlogCache cache, int mib) {
        Transaction t = store.begin(store.defaultOptions());
        t.put(TableKeys.rowKey(TABLE, handle), SMALL_VALUE);
        for (int i = 0; i < mib / 4; i++) {
            appendRows(cache, handle + i, 1, 4 << 20);
        }
        return t;
    }

    private static void appendRows(BinlogCache cache, long id, int rows, int valueBytes) {
        byte[] value = new byte[valueBytes];
        cache.append(new TableMapEvent(TABLE, "bench", "t", COLUMNS), 1_700_000_000L, 0);
        Object[][] r = new Object[rows][];
        for (int i = 0; i < rows; i++) {
            r[i] = new Object[] {id + i, value};
        }
        cache.append(RowsEvent.write(TABLE, RowsEvent.STMT_END_F, COLUMNS, List.of(r)), 1_700_000_000L, 0);
    }

    double counter(String name) {
        return meters.get(name).counter().count();
    }

    @Override
    public void close() {
        try {
            store.close();
        } finally {
            binlog.close();
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                System.err.println("could not delete " + dir + ": " + e);
            }
        }
    }
}
