package io.basalt.benchmarks.groupcommit;

import io.basalt.storage.binlog.BinlogCache;
import org.HdrHistogram.Recorder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Group commit under N concurrent committers: each commits small transactions (its own keys, no conflicts) for a
 * fixed time through the store and the binlog (sync_binlog=1). Binlog fsyncs per commit = binlog group commits /
 * binlog commits, from the binlog's meters (with sync_binlog=1 every group is one fsync).
 */
final class GroupCommitRun {
    /** One measured point. */
    record Result(int committers, double commitsPerSecond, double fsyncsPerCommit, double avgMicros,
                  double p99Micros) {
    }

    private GroupCommitRun() {
    }

    static Result measure(Path base, int committers, int seconds) throws InterruptedException {
        try (BinlogBenchStore store = new BinlogBenchStore(base, Long.MAX_VALUE)) {
            Recorder latency = new Recorder(3);
            AtomicLong commits = new AtomicLong();
            long warmUpEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            long end = warmUpEnd + TimeUnit.SECONDS.toNanos(seconds);
            double[] before = new double[2];
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < committers; w++) {
                long base0 = (long) w << 32;
                Thread t = new Thread(() -> {
                    try (BinlogCache cache = store.binlog().newCache()) {
                        for (long h = base0; System.nanoTime() < end; h++) {
                            long ns = store.commitSmall(h, cache);
                            if (System.nanoTime() > warmUpEnd) {
                                latency.recordValue(ns / 1000);
                                commits.incrementAndGet();
                            }
                        }
                    }
                }, "committer-" + w);
                threads.add(t);
                t.start();
            }
            Thread.sleep(Math.max(0, TimeUnit.NANOSECONDS.toMillis(warmUpEnd - System.nanoTime())));
            latency.reset();
            before[0] = store.counter("basalt.binlog.commits");
            before[1] = store.counter("basalt.binlog.group_commits");
            for (Thread t : threads) {
                t.join();
            }
            double binlogCommits = store.counter("basalt.binlog.commits") - before[0];
            double groups = store.counter("basalt.binlog.group_commits") - before[1];
            var h = latency.getIntervalHistogram();
            return new Result(committers, commits.get() / (double) seconds, groups / binlogCommits, h.getMean(),
                    h.getValueAtPercentile(99));
        }
    }
}
