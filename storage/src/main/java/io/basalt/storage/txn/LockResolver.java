package io.basalt.storage.txn;

import io.basalt.storage.action.KvService;
import io.basalt.storage.action.TxnStatus;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.error.TxnNotFoundException;
import io.basalt.storage.metrics.StorageMetrics;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.shard.RegionMap;
import io.basalt.storage.tso.Timestamps;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Resolves locks that block a reader or writer (client-go's lock resolver): asks the primary for the
 * transaction's state, pushes or rolls back expired 2PC transactions, decides async-commit transactions from all
 * their secondaries (spec §3.7), and applies the outcome to the key that was met. Thread-safe, stateless.
 */
public final class LockResolver {
    /** Back-off while a lock's owner is alive and cannot be pushed. */
    static final long MIN_WAIT_MS = 2;

    private final KvService kv;
    private final RegionMap regions;
    private final LongSupplier currentTs;
    private final StorageMetrics metrics;

    public LockResolver(KvService kv, RegionMap regions, LongSupplier currentTs, StorageMetrics metrics) {
        this.kv = kv;
        this.regions = regions;
        this.currentTs = currentTs;
        this.metrics = metrics;
    }

    /**
     * Tries to get {@code lock} out of the way of {@code callerStartTs}. Returns 0 if the caller can retry now (the
     * lock is resolved, or, for readers, its transaction was pushed past the read ts and added to {@code bypass});
     * otherwise how many milliseconds to wait before trying again.
     */
    public long resolve(KeyLock met, long callerStartTs, Set<Long> bypass) {
        // resolving may write a rollback or commit, and every caller waits when it returns a wait
        NoWaitScope.refuse("another transaction's lock");
        Lock lock = met.lock();
        long decided = kv.concurrencyManager().decidedCommitTs(lock.startTs);
        if (decided != 0) {
            apply(met, decided);
            return 0;
        }
        long now = currentTs.getAsLong();
        TxnStatus status;
        try {
            status = kv.checkTxnStatus(regions.shardOf(lock.primary), lock.primary, lock.startTs, callerStartTs, now,
                    lock.isExpired(now), false, lock.isPessimistic());
        } catch (TxnNotFoundException e) {
            return msUntilExpired(lock, now);
        }
        switch (status.kind()) {
            case COMMITTED -> {
                apply(met, status.commitTs());
                return 0;
            }
            case ROLLED_BACK -> {
                apply(met, 0);
                return 0;
            }
            case PESSIMISTIC_ROLLED_BACK, LOCK_NOT_EXIST_DO_NOTHING -> {
                if (lock.isPessimistic()) {
                    kv.pessimisticRollback(regions.shardOf(met.key()), List.of(met.key()), lock.startTs,
                            lock.forUpdateTs);
                }
                return 0;
            }
            default -> {
                Lock primaryLock = status.lock();
                if (primaryLock.useAsyncCommit && !kv.concurrencyManager().isCommitting(lock.startTs)) {
                    if (!primaryLock.isExpired(now)) {
                        return msUntilExpired(primaryLock, now);
                    }
                    return resolveAsync(primaryLock, callerStartTs);
                }
                if (status.minCommitTsPushed() && bypass != null && !lock.isPessimistic()) {
                    bypass.add(lock.startTs);
                    return 0;
                }
                return msUntilExpired(primaryLock, now);
            }
        }
    }

    /** Decides an async-commit transaction from its secondaries and resolves all its keys. */
    private long resolveAsync(Lock primaryLock, long callerStartTs) {
        long startTs = primaryLock.startTs;
        AsyncCommitCheck.Verdict v = AsyncCommitCheck.check(kv, regions, primaryLock);
        long outcome = v.outcome() == AsyncCommitCheck.Outcome.ROLLED_BACK ? 0 : v.commitTs();
        if (v.outcome() == AsyncCommitCheck.Outcome.FELL_BACK) {
            // a key was prewritten as plain 2PC: the primary decides, under 2PC rules
            TxnStatus st = kv.checkTxnStatus(regions.shardOf(primaryLock.primary), primaryLock.primary, startTs,
                    callerStartTs, currentTs.getAsLong(), true, true, false);
            if (!st.isFinal()) {
                return msUntilExpired(st.lock(), currentTs.getAsLong());
            }
            outcome = st.commitTs();
        }
        List<byte[]> all = new ArrayList<>(primaryLock.secondaries);
        all.add(primaryLock.primary);
        resolveKeys(startTs, all, outcome);
        return 0;
    }

    /** Applies a decided outcome (0 = rollback) to keys of one transaction, shard by shard. */
    public void resolveKeys(long startTs, List<byte[]> keys, long commitTs) {
        regions.groupByShard(keys).forEach((shard, ks) -> kv.resolveLock(shard, ks, startTs, commitTs));
        (commitTs == 0 ? metrics.locksResolvedRollback : metrics.locksResolvedCommit).increment(keys.size());
    }

    private void apply(KeyLock met, long commitTs) {
        resolveKeys(met.lock().startTs, List.of(met.key()), commitTs);
    }

    private static long msUntilExpired(Lock lock, long now) {
        long ms = Timestamps.physical(lock.startTs) + lock.ttlMs - Timestamps.physical(now) + 1;
        return Math.max(ms, MIN_WAIT_MS);
    }
}
