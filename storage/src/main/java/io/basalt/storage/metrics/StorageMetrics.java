package io.basalt.storage.metrics;

import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.shard.Shard;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The storage engine's meters ({@code basalt.txn.*}, {@code basalt.gc.*}); thread-safe. */
public final class StorageMetrics {
    private final MeterRegistry registry;
    private final Map<CommitPath, Counter> commits = new EnumMap<>(CommitPath.class);
    private final Map<CommitPath, Timer> commitLatency = new EnumMap<>(CommitPath.class);
    public final Counter asyncFallbacks;
    public final Counter onePcFallbacks;
    /** 1PC/async prewrites that met a lock, waited outside the commit pipeline and retried with a fresh bound. */
    public final Counter prewriteLockRetries;
    public final Timer prewriteLatency;
    public final Timer primaryCommitLatency;
    public final Counter lockWaits;
    public final Timer lockWaitTime;
    public final Counter conflicts;
    public final Counter deadlocks;
    public final Counter lockWaitTimeouts;
    public final Counter locksResolvedCommit;
    public final Counter locksResolvedRollback;
    public final Counter rollbacks;
    public final Counter gcVersionsRemoved;
    public final Counter gcRuns;
    public final Counter gcLocksResolved;
    public final Timer gcCompaction;
    /** Keys a GC round looked at because they were written since the last round. */
    public final Counter gcKeysExaminedWritten;
    /** Keys a GC round looked at while scanning a whole shard (first round after opening, or too many writes). */
    public final Counter gcKeysExaminedScan;

    public StorageMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (CommitPath p : CommitPath.values()) {
            commits.put(p, Counter.builder("basalt.txn.commits").tag("path", p.metricTag)
                    .description("committed transactions by commit path").register(registry));
            commitLatency.put(p, Timer.builder("basalt.txn.commit.latency").tag("path", p.metricTag)
                    .description("commit call latency (until acknowledged) by commit path")
                    .publishPercentileHistogram().register(registry));
        }
        asyncFallbacks = counter("basalt.txn.commit.fallbacks", "from", "async", "async commit finished as 2PC");
        onePcFallbacks = counter("basalt.txn.commit.fallbacks", "from", "1pc", "1PC finished as 2PC");
        prewriteLockRetries = counter("basalt.txn.prewrite.lock.retries", null, null,
                "1PC/async prewrites retried after another transaction's lock");
        prewriteLatency = timer("basalt.txn.prewrite.latency", "prewrite of all shards");
        primaryCommitLatency = timer("basalt.txn.primary_commit.latency", "2PC primary commit");
        lockWaits = counter("basalt.txn.lock.waits", null, null, "waits for another transaction's lock");
        lockWaitTime = timer("basalt.txn.lock.wait.time", "time spent waiting for locks");
        conflicts = counter("basalt.txn.conflicts", null, null, "write conflicts (transaction aborted)");
        deadlocks = counter("basalt.txn.deadlocks", null, null, "deadlocks detected");
        lockWaitTimeouts = counter("basalt.txn.lock.wait.timeouts", null, null, "lock wait timeouts");
        locksResolvedCommit = counter("basalt.txn.locks.resolved", "outcome", "commit", "locks resolved");
        locksResolvedRollback = counter("basalt.txn.locks.resolved", "outcome", "rollback", "locks resolved");
        rollbacks = counter("basalt.txn.rollbacks", null, null, "transactions rolled back");
        gcVersionsRemoved = counter("basalt.gc.versions.removed", null, null, "MVCC versions removed by GC");
        gcRuns = counter("basalt.gc.runs", null, null, "completed GC rounds");
        gcLocksResolved = counter("basalt.gc.locks.resolved", null, null, "locks below the safe point resolved");
        gcCompaction = timer("basalt.gc.compaction", "compaction of a shard's span where GC removed versions");
        gcKeysExaminedWritten = counter("basalt.gc.keys.examined", "source", "written",
                "keys GC looked at: written since its last round");
        gcKeysExaminedScan = counter("basalt.gc.keys.examined", "source", "scan",
                "keys GC looked at: scanning a whole shard");
    }

    /** Gauges over the shards' in-memory pessimistic lock tables. */
    public void observePessimisticLocks(Shard[] shards) {
        Gauge.builder("basalt.txn.pessimistic_locks.memory", shards,
                        ss -> Arrays.stream(ss).mapToLong(s -> s.pessimisticLocks().count()).sum())
                .description("pessimistic locks held in memory").register(registry);
        Gauge.builder("basalt.txn.pessimistic_locks.memory.bytes", shards,
                        ss -> Arrays.stream(ss).mapToLong(s -> s.pessimisticLocks().usedBytes()).sum())
                .description("approximate memory of in-memory pessimistic locks").baseUnit("bytes").register(registry);
    }

    public MeterRegistry registry() {
        return registry;
    }

    public void committed(CommitPath path, long nanos) {
        commits.get(path).increment();
        commitLatency.get(path).record(nanos, TimeUnit.NANOSECONDS);
    }

    public double commitCount(CommitPath path) {
        return commits.get(path).count();
    }

    private Counter counter(String name, String tagKey, String tagValue, String description) {
        Counter.Builder b = Counter.builder(name).description(description);
        if (tagKey != null) {
            b.tag(tagKey, tagValue);
        }
        return b.register(registry);
    }

    private Timer timer(String name, String description) {
        return Timer.builder(name).description(description).publishPercentileHistogram().register(registry);
    }
}
