package io.basalt.benchmarks.storage;

import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.IndexValueEncoder;
import io.basalt.storage.codec.KeyBuilder;
import io.basalt.storage.codec.MemComparable;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnOptions;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Single-threaded costs of the pieces under a statement: key encoding, a timestamp, an MVCC point read and a
 * 100-row range read through a {@link Transaction}.
 *
 * <ul>
 *   <li>{@code rowKeyEncode}: {@code TableKeys.rowKey(table, handle)}.</li>
 *   <li>{@code indexKeyStringEncode}: an index key over a VARCHAR column under the default case-insensitive
 *       collation ({@code IndexValueEncoder.putStringCi}) followed by the row handle, as a non-unique index entry
 *       is built; parameter {@code strings}: ASCII-only values or values with accented letters (the two paths of
 *       the collation).</li>
 *   <li>{@code tsoNext}: {@code TimestampOracle.next()} of an open store (includes the synced high-water save once
 *       per save window).</li>
 *   <li>{@code pointGet}: {@code Transaction.get} of an existing row, uniformly random among {@value #ROWS}, in a
 *       read transaction opened per iteration. Rows are loaded, then the store is reopened, so they are read from
 *       SST files through the block cache, not from the memtable.</li>
 *   <li>{@code scan100}: {@code Transaction.scan} of 100 consecutive rows from a random start.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Dlogback.configurationFile=basalt-bench-logback.xml")
@Threads(1)
public class StorageMicroBenchmark {
    static final int ROWS = 10_000;
    static final int SCAN = 100;

    /** Handles for the codec benchmarks. */
    @State(Scope.Thread)
    public static class Codec {
        long handle;
    }

    /**
     * String column values: {@code ascii} (the fast path of the collation: upper-casing) or {@code accented} (every
     * value has non-ASCII letters: Unicode decomposition and accent stripping).
     */
    @State(Scope.Thread)
    public static class Strings {
        private static final String[] ASCII = {"alpha", "customer", "order", "Smith", "new york", "Paris", "ACME",
            "widget", "blue", "Johnson", "shipping", "pending", "west", "Delta", "invoice", "Zulu"};
        private static final String[] ACCENTED = {"Zoë", "Müller", "Ångström", "Łódź", "naïve", "CAFÉ", "straße",
            "Ørsted", "São Paulo", "Dvořák", "résumé", "Kraków", "Ĳsselmeer", "Gödel", "Çelik", "Peña"};

        @Param({"ascii", "accented"})
        public String strings;
        String[] names;
        long handle;
        int next;

        @Setup(Level.Trial)
        public void prepare() {
            String[] words = switch (strings) {
                case "ascii" -> ASCII;
                case "accented" -> ACCENTED;
                default -> throw new IllegalArgumentException("strings=" + strings);
            };
            SplittableRandom r = new SplittableRandom(42);
            names = new String[256];
            for (int i = 0; i < names.length; i++) {
                // "word word-12345", about 15-25 characters
                names[i] = words[r.nextInt(words.length)] + ' ' + words[r.nextInt(words.length)] + '-'
                        + r.nextInt(100_000);
            }
        }

        String nextName() {
            return names[next++ & (names.length - 1)];
        }
    }

    /** A store holding {@value #ROWS} rows of table 1, flushed to SST files. */
    @State(Scope.Benchmark)
    public static class Loaded {
        BenchStore bench;
        byte[][] keys;
        byte[] rowEnd;

        @Setup(Level.Trial)
        public void load() {
            bench = BenchStore.create();
            try {
                keys = new byte[ROWS][];
                for (int i = 0; i < ROWS; i++) {
                    keys[i] = BenchStore.row(i);
                }
                rowEnd = TableKeys.rowRangeEnd(BenchStore.TABLE);
                TxnOptions opts = bench.store().defaultOptions().withPessimistic(false);
                for (int start = 0; start < ROWS; start += 1000) {
                    Transaction t = bench.store().begin(opts);
                    for (int i = start; i < Math.min(ROWS, start + 1000); i++) {
                        t.put(keys[i], CommitStates.ROW_VALUE);
                    }
                    t.commit(null);
                    if (t.commitPath() != CommitPath.ONE_PC) {
                        throw new IllegalStateException("load batch committed as " + t.commitPath());
                    }
                }
                bench.reopen(); // recovery flushes the WAL into L0 files: reads below hit SSTs
                Transaction check = bench.store().begin(opts);
                if (check.get(keys[ROWS - 1]) == null || check.scan(keys[0], rowEnd, ROWS + 1, false).size() != ROWS) {
                    throw new IllegalStateException("loaded rows are not all readable");
                }
                check.commit(null);
            } catch (RuntimeException e) {
                bench.close();
                throw e;
            }
        }

        TxnStore store() {
            return bench.store();
        }

        @TearDown(Level.Trial)
        public void close() {
            bench.close();
        }
    }

    /** One reader's snapshot: a read-only transaction per iteration, and its random positions. */
    @State(Scope.Thread)
    public static class Reader {
        Transaction txn;
        final SplittableRandom random = new SplittableRandom(7);

        @Setup(Level.Iteration)
        public void begin(Loaded loaded) {
            txn = loaded.store().begin(loaded.store().defaultOptions().withPessimistic(false));
            List<KvPair> probe = txn.scan(loaded.keys[ROWS - SCAN], loaded.rowEnd, SCAN, false);
            if (probe.size() != SCAN || txn.get(loaded.keys[0]) == null) {
                throw new IllegalStateException("reader does not see the loaded rows");
            }
        }

        @TearDown(Level.Iteration)
        public void end() {
            txn.commit(null); // read-only: nothing to write
        }
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] rowKeyEncode(Codec c) {
        return TableKeys.rowKey(BenchStore.TABLE, c.handle++);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public byte[] indexKeyStringEncode(Strings c) {
        KeyBuilder b = TableKeys.indexKeyBuilder(BenchStore.TABLE, BenchStore.INDEX);
        new IndexValueEncoder(b).putStringCi(c.nextName());
        MemComparable.encodeInt64(b, c.handle++);
        return b.toBytes();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public long tsoNext(Loaded loaded) {
        return loaded.store().tso().next();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public byte[] pointGet(Loaded loaded, Reader r) {
        return r.txn.get(loaded.keys[r.random.nextInt(ROWS)]);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public List<KvPair> scan100(Loaded loaded, Reader r) {
        return r.txn.scan(loaded.keys[r.random.nextInt(ROWS - SCAN + 1)], loaded.rowEnd, SCAN, false);
    }
}
