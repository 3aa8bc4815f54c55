package io.basalt.benchmarks.groupcommit;

import io.basalt.storage.binlog.BinlogCache;
import io.basalt.storage.txn.Transaction;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One large transaction committing while small committers run (MariaDB 11.7's rename commit, MDEV-32014): its binlog
 * cache (spilled to disk) is built first, then the small committers run a baseline, then the large one commits, with
 * the rename path on (threshold below its size) or off (threshold above: copied into the binlog under the writer's
 * lock). The large commit has two steps, timed apart: sealing its cache (the fsync of the spilled file, done by the
 * committing session outside any lock, as the server does at COMMIT) and the commit proper (storage commit and the
 * binlog step: rename or copy). Reports their durations and the small committers' throughput and worst latency in
 * the seconds of each step against the baseline seconds.
 */
final class LargeTransactionRun {
    private static final int BASELINE_SECONDS = 3;
    private static final int AFTER_SECONDS = 2;

    /** One measured point. */
    record Result(int mib, boolean rename, double sealMillis, double largeCommitMillis, double deliverMaxMillis,
                  boolean renamed, double baselineTps, Window seal, Window commit, double baselineMaxMillis) {
        double throughputRatio() {
            return commit.tps() / baselineTps;
        }

        double sealThroughputRatio() {
            return seal.tps() / baselineTps;
        }
    }

    /** The small committers in the one-second buckets a step overlapped. */
    record Window(double tps, double maxMillis) {
    }

    private LargeTransactionRun() {
    }

    /** Seconds one measurement runs besides building the cache and the large commit itself. */
    static int plannedSeconds() {
        return 1 + BASELINE_SECONDS + 1 + AFTER_SECONDS;
    }

    private static Window window(AtomicLongArray perSecond, Map<Integer, Long> maxLatency, long fromNanos,
                                 long toNanos) {
        int first = (int) TimeUnit.NANOSECONDS.toSeconds(fromNanos);
        int last = (int) TimeUnit.NANOSECONDS.toSeconds(toNanos);
        double commits = 0;
        double max = 0;
        for (int s = first; s <= last; s++) {
            commits += perSecond.get(s);
            max = Math.max(max, maxLatency.getOrDefault(s, 0L));
        }
        return new Window(commits / (last - first + 1), max / 1e6);
    }

    static Result measure(Path base, int mib, boolean rename, int smallCommitters) throws InterruptedException {
        long threshold = rename ? 32L << 20 : Long.MAX_VALUE;
        try (BinlogBenchStore store = new BinlogBenchStore(base, threshold);
             BinlogCache largeCache = store.binlog().newCache()) {
            Transaction large = store.prepareLarge(1L << 40, largeCache, mib);
            long start = System.nanoTime();
            int totalSeconds = 1 + BASELINE_SECONDS + 60 + AFTER_SECONDS;
            AtomicLongArray perSecond = new AtomicLongArray(totalSeconds);
            ConcurrentHashMap<Integer, Long> maxLatency = new ConcurrentHashMap<>();
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < smallCommitters; w++) {
                long base0 = (long) w << 32;
                Thread t = new Thread(() -> {
                    try (BinlogCache cache = store.binlog().newCache()) {
                        for (long h = base0; !stop.get(); h++) {
                            long ns = store.commitSmall(h, cache);
                            int second = (int) TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
                            if (second < totalSeconds) {
                                perSecond.incrementAndGet(second);
                                maxLatency.merge(second, ns, Math::max);
                            }
                        }
                    }
                }, "small-" + w);
                threads.add(t);
                t.start();
            }
            Thread.sleep(TimeUnit.SECONDS.toMillis(1 + BASELINE_SECONDS));
            double renamesBefore = store.counter("basalt.binlog.rename_commits");
            long t0 = System.nanoTime();
            byte[] payload = largeCache.payload();
            long t1 = System.nanoTime();
            large.commit(payload);
            long t2 = System.nanoTime();
            boolean renamed = store.counter("basalt.binlog.rename_commits") > renamesBefore;
            // the longest sink delivery of the run so far: the large group's binlog step unless a small group's
            // fsync took longer (an upper bound on it, taken before any later small group can raise it further)
            double deliverMax = store.meters.get("basalt.commit.pipeline.deliver").timer()
                    .max(TimeUnit.NANOSECONDS) / 1e6;
            Thread.sleep(TimeUnit.SECONDS.toMillis(AFTER_SECONDS));
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            double baseline = 0;
            double baselineMax = 0;
            for (int s = 1; s <= BASELINE_SECONDS; s++) {
                baseline += perSecond.get(s);
                baselineMax = Math.max(baselineMax, maxLatency.getOrDefault(s, 0L));
            }
            return new Result(mib, rename, (t1 - t0) / 1e6, (t2 - t1) / 1e6, deliverMax, renamed,
                    baseline / BASELINE_SECONDS,
                    window(perSecond, maxLatency, t0 - start, t1 - start),
                    window(perSecond, maxLatency, t1 - start, t2 - start), baselineMax / 1e6);
        }
    }
}
