package io.basalt.storage.txn;

import io.basalt.storage.action.KvService;
import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.metrics.StorageMetrics;
import io.basalt.storage.pipeline.CommitPipeline;
import io.basalt.storage.shard.RegionMap;
import io.basalt.storage.tso.TimestampOracle;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The store-wide services a transaction coordinator uses, created and owned by the store. Immutable references;
 * every service is thread-safe.
 */
public record TxnContext(StoreConfig config, KvService kv, RegionMap regions, TimestampOracle tso,
                         ConcurrencyManager cm, LockResolver resolver, LockWaitManager waits,
                         DeadlockDetector deadlocks, SecondaryCommitter secondaries, CommitPipeline pipeline,
                         CommitWriter commitWriter, StorageMetrics metrics, FaultInjector faults,
                         ScheduledExecutorService timer, ConcurrentSkipListMap<Long, Boolean> activeTxns) {

    public int shardOf(byte[] key) {
        return regions.shardOf(key);
    }

    /** The smallest start ts of a running transaction, or {@link Long#MAX_VALUE}. */
    public long minActiveStartTs() {
        var first = activeTxns.firstEntry();
        return first == null ? Long.MAX_VALUE : first.getKey();
    }
}
