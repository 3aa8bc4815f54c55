package io.basalt.benchmarks.storage;

import io.basalt.storage.TxnStore;
import io.basalt.storage.metrics.StorageMetrics;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnOptions;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * JMH states shared by {@link CommitPathBenchmark} and {@link ConcurrentCommitBenchmark}: a fresh store per trial
 * and the transaction shape of each commit path. Every transaction is optimistic and blind-writes fresh keys from
 * the committing thread's own handle range, so there are no write conflicts and no lock waits.
 *
 * <p>The path actually taken is verified, so a misconfiguration fails the run instead of producing a number for the
 * wrong path: a probe transaction at trial setup must report the intended {@link Transaction#commitPath()}; every
 * measured commit is checked the same way; and after every iteration the store's counters must show only commits
 * of the intended path, no 1PC/async fallback to 2PC (which {@code commitPath()} does not reveal: it reports the
 * path chosen, also when that path then finished as 2PC), no conflicts, no lock waits and no rollbacks.
 */
public final class CommitStates {
    /** Row value size: about a sysbench {@code sbtest} row (c CHAR(120), pad CHAR(60)). */
    static final byte[] ROW_VALUE = filled(180, (byte) 'r');
    /** Non-unique index entry value, as TiDB writes it. */
    static final byte[] INDEX_VALUE = {'0'};

    private CommitStates() {
    }

    private static byte[] filled(int n, byte b) {
        byte[] v = new byte[n];
        Arrays.fill(v, b);
        return v;
    }

    /** One committing thread's own key range: handles {@code id << 40 | seq}, never reused within a trial. */
    @State(Scope.Thread)
    public static class Keys {
        private static final AtomicInteger NEXT_ID = new AtomicInteger(1); // 0 is the setup probe's range
        private long next;

        @Setup(Level.Trial)
        public void assign() {
            next = (long) NEXT_ID.getAndIncrement() << 40;
        }

        long next() {
            return next++;
        }
    }

    /** A store and the options of one commit path for transactions of {@link #keyCount()} keys. */
    public abstract static class PathState {
        private BenchStore bench;
        private TxnStore store;
        private TxnOptions options;
        private CommitPath expected;
        private long probeHandle;
        private long iterations;

        /** The JMH parameter naming the path. */
        protected abstract String path();

        /** 1: one row key (one shard); 2: row + index key of the same table (two shards). */
        protected abstract int keyCount();

        @Setup(Level.Trial)
        public void openStore() {
            bench = BenchStore.create();
            try {
                store = bench.store();
                TxnOptions base = store.defaultOptions().withPessimistic(false);
                switch (path()) {
                    case "1pc" -> {
                        requireKeys(1);
                        options = base.withOnePc(true).withAsyncCommit(false);
                        expected = CommitPath.ONE_PC;
                    }
                    case "async" -> {
                        requireKeys(2);
                        options = base.withOnePc(false).withAsyncCommit(true);
                        expected = CommitPath.ASYNC_COMMIT;
                    }
                    case "2pc" -> {
                        options = base.withOnePc(false).withAsyncCommit(false);
                        expected = CommitPath.TWO_PC;
                    }
                    default -> throw new IllegalArgumentException("unknown commit path parameter: " + path());
                }
                // the probe: the configuration must really select the intended path
                Transaction probe = store.begin(options);
                write(probe, probeHandle++);
                probe.commit(null);
                if (probe.commitPath() != expected) {
                    throw new IllegalStateException("setup probe: a " + keyCount() + "-key transaction with path="
                            + path() + " committed as " + probe.commitPath() + ", expected " + expected);
                }
                verifyCounters("setup probe");
            } catch (RuntimeException e) {
                bench.close();
                throw e;
            }
        }

        private void requireKeys(int n) {
            if (keyCount() != n) {
                throw new IllegalArgumentException("path=" + path() + " needs " + n + "-key transactions, this state"
                        + " writes " + keyCount());
            }
        }

        /** Commits one transaction on a fresh key (row, and index entry for two keys); fails on the wrong path. */
        long commit(Keys keys) {
            Transaction t = store.begin(options);
            write(t, keys.next());
            long commitTs = t.commit(null);
            if (t.commitPath() != expected) {
                throw new IllegalStateException("commit took " + t.commitPath() + ", expected " + expected);
            }
            return commitTs;
        }

        private void write(Transaction t, long handle) {
            t.put(BenchStore.row(handle), ROW_VALUE);
            if (keyCount() == 2) {
                t.put(BenchStore.index(handle), INDEX_VALUE);
            }
        }

        @TearDown(Level.Iteration)
        public void verifyIteration() {
            iterations++;
            verifyCounters("iteration " + iterations);
        }

        private void verifyCounters(String when) {
            StorageMetrics m = store.metrics();
            StringBuilder wrong = new StringBuilder();
            for (CommitPath p : CommitPath.values()) {
                if (p != expected && m.commitCount(p) != 0) {
                    wrong.append(' ').append(p).append(" commits=").append((long) m.commitCount(p));
                }
            }
            check(wrong, "1PC fallbacks to 2PC", m.onePcFallbacks.count());
            check(wrong, "async fallbacks to 2PC", m.asyncFallbacks.count());
            check(wrong, "conflicts", m.conflicts.count());
            check(wrong, "lock waits", m.lockWaits.count());
            check(wrong, "rollbacks", m.rollbacks.count());
            if (wrong.length() > 0) {
                throw new IllegalStateException("path=" + path() + " (" + keyCount() + " keys) after " + when
                        + ": expected only " + expected + " commits, store counted" + wrong);
            }
            if (m.commitCount(expected) < 1) {
                throw new IllegalStateException("path=" + path() + " after " + when + ": no " + expected
                        + " commit counted at all");
            }
        }

        private static void check(StringBuilder wrong, String what, double count) {
            if (count != 0) {
                wrong.append(' ').append(what).append('=').append((long) count);
            }
        }

        @TearDown(Level.Trial)
        public void closeStore() {
            try {
                verifyCounters("trial");
                System.out.printf("[path check] path=%s keys=%d: %d commits, all %s; no fallback, conflict, lock"
                        + " wait or rollback%n", path(), keyCount(), (long) store.metrics().commitCount(expected),
                        expected);
            } finally {
                bench.close();
            }
        }
    }

    /** One-key transactions: one row of table 1, i.e. one shard. */
    @State(Scope.Benchmark)
    public static class OneShard extends PathState {
        @Param({"1pc", "2pc"})
        public String path;

        @Override
        protected String path() {
            return path;
        }

        @Override
        protected int keyCount() {
            return 1;
        }
    }

    /** Two-key transactions: a row of table 1 and its index entry, on two shards. */
    @State(Scope.Benchmark)
    public static class TwoShards extends PathState {
        @Param({"async", "2pc"})
        public String path;

        @Override
        protected String path() {
            return path;
        }

        @Override
        protected int keyCount() {
            return 2;
        }
    }
}
