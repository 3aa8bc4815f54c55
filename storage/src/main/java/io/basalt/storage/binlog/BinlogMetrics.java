package io.basalt.storage.binlog;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * The {@code basalt.binlog.*} meters, with plain getters for SHOW GLOBAL STATUS (Binlog_commits,
 * Binlog_group_commits, Binlog_bytes_written, Binlog_cache_use, Binlog_cache_disk_use). Thread-safe (meters are).
 */
public final class BinlogMetrics {
    private final Counter commits;
    private final Counter groupCommits;
    private final Counter bytesWritten;
    private final DistributionSummary groupSize;
    private final Timer fsyncLatency;
    private final Counter renameCommits;
    private final Counter cacheDiskUse;
    private final Counter cacheUse;

    public BinlogMetrics(MeterRegistry registry) {
        commits = Counter.builder("basalt.binlog.commits").description("transactions written to the binlog")
                .register(registry);
        groupCommits = Counter.builder("basalt.binlog.group_commits")
                .description("group commits (one write and at most one fsync each)").register(registry);
        bytesWritten = Counter.builder("basalt.binlog.bytes_written").baseUnit("bytes")
                .description("bytes written to binlog files, renamed caches included").register(registry);
        groupSize = DistributionSummary.builder("basalt.binlog.group.size")
                .description("transactions per group commit").publishPercentileHistogram().register(registry);
        fsyncLatency = Timer.builder("basalt.binlog.fsync.latency").description("binlog fsync latency")
                .publishPercentileHistogram().register(registry);
        renameCommits = Counter.builder("basalt.binlog.rename_commits")
                .description("large transactions committed by renaming their cache file into a binlog")
                .register(registry);
        cacheDiskUse = Counter.builder("basalt.binlog.cache.disk_use")
                .description("transactions whose binlog cache spilled to a file").register(registry);
        cacheUse = Counter.builder("basalt.binlog.cache.use")
                .description("transactions that used a binlog cache").register(registry);
    }

    void group(int transactions) {
        commits.increment(transactions);
        groupCommits.increment();
        groupSize.record(transactions);
    }

    void bytesWritten(long n) {
        bytesWritten.increment(n);
    }

    void fsync(long nanos) {
        fsyncLatency.record(nanos, TimeUnit.NANOSECONDS);
    }

    void renameCommit() {
        renameCommits.increment();
    }

    void cacheUsed(boolean spilled) {
        cacheUse.increment();
        if (spilled) {
            cacheDiskUse.increment();
        }
    }

    public long commits() {
        return (long) commits.count();
    }

    public long groupCommits() {
        return (long) groupCommits.count();
    }

    public long bytesWritten() {
        return (long) bytesWritten.count();
    }

    public long renameCommits() {
        return (long) renameCommits.count();
    }

    public long cacheUse() {
        return (long) cacheUse.count();
    }

    public long cacheDiskUse() {
        return (long) cacheDiskUse.count();
    }

    /** fsyncs done so far (the fsync timer's count). */
    public long fsyncs() {
        return fsyncLatency.count();
    }
}
