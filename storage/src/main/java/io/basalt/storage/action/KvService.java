package io.basalt.storage.action;

import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.error.StoreClosedException;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.shard.Shard;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The store-side API, shard by shard: what TiKV serves over gRPC, here called in-process. Each write command runs
 * through the {@link CommandScheduler} (latches, one snapshot, one batch); reads go through {@link SnapshotRead}.
 * Thread-safe; blocking (disk I/O), so never call it from a Netty event loop.
 */
public final class KvService {
    private final IntFunction<Shard> shards;
    private final CommandScheduler scheduler;
    private final SnapshotRead reads;
    private final ConcurrencyManager cm;
    /** Readers: every call in flight; writer: {@link #shutdown}. Native handles are never used after close. */
    private final ReentrantReadWriteLock gate = new ReentrantReadWriteLock();
    private boolean closed;

    public KvService(IntFunction<Shard> shards, ConcurrencyManager cm, Consumer<List<byte[]>> onLocksReleased,
                     FaultInjector faults) {
        this.shards = shards;
        this.cm = cm;
        this.scheduler = new CommandScheduler(cm, onLocksReleased, faults);
        this.reads = new SnapshotRead(cm, faults);
    }

    public ConcurrencyManager concurrencyManager() {
        return cm;
    }

    /** Waits for calls in flight, then refuses every later call with {@link StoreClosedException}. */
    public void shutdown() {
        gate.writeLock().lock();
        try {
            closed = true;
        } finally {
            gate.writeLock().unlock();
        }
    }

    private <T> T guarded(Supplier<T> call) {
        gate.readLock().lock();
        try {
            if (closed) {
                throw new StoreClosedException();
            }
            return call.get();
        } finally {
            gate.readLock().unlock();
        }
    }

    public PrewriteResult prewrite(int shard, PrewriteRequest req) {
        return guarded(() -> scheduler.run(shards.apply(shard), keysOf(req), 0, req.startTs(),
                ctx -> Prewrite.execute(ctx, req)));
    }

    /**
     * A one-shard prewrite up to its write, for a caller that writes it later (with others, under one WAL sync); calls
     * in flight at {@link #shutdown} do not include the staged command's write, which its holder must do before then.
     */
    public StagedCommand<PrewriteResult> stagePrewrite(int shard, PrewriteRequest req) {
        return guarded(() -> scheduler.stage(shards.apply(shard), keysOf(req), 0, req.startTs(),
                ctx -> Prewrite.execute(ctx, req)));
    }

    /**
     * 1PC of a transaction over several shards in one atomic batch ({@link OnePcAcrossShards}), staged as
     * {@link #stagePrewrite} stages a one-shard prewrite.
     *
     * @param requests shard id -> that shard's 1PC prewrite request
     */
    public StagedCommand<PrewriteResult> stagePrewriteOnePcAcross(SortedMap<Integer, PrewriteRequest> requests) {
        return guarded(() -> scheduler.stageAcross(shardKeys(requests), 0, firstStartTs(requests),
                contexts -> OnePcAcrossShards.execute(contexts, new ArrayList<>(requests.values()))));
    }

    /**
     * Async-commit or 2PC prewrite of a transaction over several shards in one atomic write
     * ({@link PrewriteAcrossShards}).
     *
     * @param requests shard id -> that shard's prewrite request
     * @return each shard's result, in ascending shard order
     */
    public List<PrewriteResult> prewriteAcross(SortedMap<Integer, PrewriteRequest> requests) {
        return guarded(() -> scheduler.runAcross(shardKeys(requests), firstStartTs(requests),
                prewriteAcrossAction(requests)));
    }

    /**
     * {@link #prewriteAcross} staged, as {@link #stagePrewrite} stages a one-shard prewrite (also for one shard): an
     * async-commit prewrite, which the commit writer writes.
     */
    public StagedCommand<List<PrewriteResult>> stagePrewriteAcross(SortedMap<Integer, PrewriteRequest> requests) {
        return guarded(() -> scheduler.stageAcross(shardKeys(requests), 0, firstStartTs(requests),
                prewriteAcrossAction(requests)));
    }

    private static Function<List<ActionContext>, List<PrewriteResult>> prewriteAcrossAction(
            SortedMap<Integer, PrewriteRequest> requests) {
        List<PrewriteRequest> ordered = new ArrayList<>(requests.values());
        return contexts -> PrewriteAcrossShards.execute(contexts, ordered);
    }

    private List<CommandScheduler.ShardKeys> shardKeys(SortedMap<Integer, PrewriteRequest> requests) {
        List<CommandScheduler.ShardKeys> shardKeys = new ArrayList<>(requests.size());
        requests.forEach((shard, req) -> shardKeys.add(new CommandScheduler.ShardKeys(shards.apply(shard),
                keysOf(req))));
        return shardKeys;
    }

    private static long firstStartTs(SortedMap<Integer, PrewriteRequest> requests) {
        return requests.values().iterator().next().startTs();
    }

    public void commit(int shard, List<byte[]> keys, long startTs, long commitTs) {
        commitAll(shard, List.of(new DecidedKeys(startTs, commitTs, keys)));
    }

    /**
     * Commits the keys of several decided transactions in one write batch, synced only if it commits a 2PC primary.
     * Every lock is read from the one snapshot the batch starts with; that is safe even when two of the transactions
     * name the same key, since a key holds one lock at a time: the later one locked it only after the earlier one's
     * lock was gone, so committing the earlier one there only confirms its commit record.
     */
    public void commitAll(int shard, List<DecidedKeys> txns) {
        List<byte[]> keys = new ArrayList<>();
        txns.forEach(t -> keys.addAll(t.keys()));
        // fault points name the transaction a write belongs to; a batch of several belongs to none
        long startTs = txns.size() == 1 ? txns.get(0).startTs() : 0;
        guarded(() -> scheduler.run(shards.apply(shard), keys, 0, startTs, ctx -> {
            for (DecidedKeys t : txns) {
                t.keys().forEach(k -> Commit.execute(ctx, k, t.startTs(), t.commitTs()));
            }
            return null;
        }));
    }

    public void rollback(int shard, List<byte[]> keys, long startTs) {
        guarded(() -> scheduler.run(shards.apply(shard), keys, 0, startTs, ctx -> {
            keys.forEach(k -> Rollback.execute(ctx, k, startTs, false));
            return null;
        }));
    }

    public void cleanup(int shard, byte[] key, long startTs, long currentTs) {
        guarded(() -> scheduler.run(shards.apply(shard), List.of(key), 0, startTs, ctx -> {
            Cleanup.execute(ctx, key, startTs, currentTs);
            return null;
        }));
    }

    public TxnStatus checkTxnStatus(int shard, byte[] primary, long lockTs, long callerStartTs, long currentTs,
                                    boolean rollbackIfNotExist, boolean forceSyncCommit,
                                    boolean resolvingPessimisticLock) {
        return guarded(() -> scheduler.run(shards.apply(shard), List.of(primary), 0, lockTs,
                ctx -> CheckTxnStatus.execute(ctx, primary, lockTs, callerStartTs, currentTs, rollbackIfNotExist,
                        forceSyncCommit, resolvingPessimisticLock)));
    }

    public SecondaryLocksStatus checkSecondaryLocks(int shard, List<byte[]> keys, long startTs) {
        return guarded(() -> scheduler.run(shards.apply(shard), keys, 0, startTs,
                ctx -> CheckSecondaryLocks.execute(ctx, keys, startTs)));
    }

    public void resolveLock(int shard, List<byte[]> keys, long startTs, long commitTs) {
        guarded(() -> scheduler.run(shards.apply(shard), keys, 0, startTs, ctx -> {
            keys.forEach(k -> ResolveLock.execute(ctx, k, startTs, commitTs));
            return null;
        }));
    }

    public Lock verifyPrimaryLock(int shard, byte[] primary, long startTs) {
        return guarded(() -> scheduler.run(shards.apply(shard), List.of(primary), 0, startTs,
                ctx -> VerifyPrimaryLock.execute(ctx, primary, startTs)));
    }

    public long txnHeartBeat(int shard, byte[] primary, long startTs, long adviseTtlMs) {
        return guarded(() -> scheduler.run(shards.apply(shard), List.of(primary), 0, startTs,
                ctx -> TxnHeartBeat.execute(ctx, primary, startTs, adviseTtlMs)));
    }

    public PessimisticLockResult acquirePessimisticLock(int shard, PessimisticLockRequest req) {
        long readTs = req.returnValues() || req.shouldNotExist() != null ? req.forUpdateTs() : 0;
        return guarded(() -> scheduler.run(shards.apply(shard), req.keys(), readTs, req.startTs(),
                ctx -> AcquirePessimisticLock.execute(ctx, req)));
    }

    public void pessimisticRollback(int shard, List<byte[]> keys, long startTs, long forUpdateTs) {
        guarded(() -> scheduler.run(shards.apply(shard), keys, 0, startTs, ctx -> {
            keys.forEach(k -> PessimisticRollback.execute(ctx, k, startTs, forUpdateTs));
            return null;
        }));
    }

    public int gc(int shard, List<byte[]> keys, long safePoint) {
        return guarded(() -> scheduler.run(shards.apply(shard), keys, 0, 0, ctx -> {
            int removed = 0;
            for (byte[] k : keys) {
                removed += Gc.execute(ctx, k, safePoint);
            }
            return removed;
        }));
    }

    /** Removes engine metadata records (e.g. delivered outbox records) without syncing. */
    public void deleteMeta(int shard, List<byte[]> metaKeys) {
        guarded(() -> scheduler.run(shards.apply(shard), List.of(), 0, 0, ctx -> {
            metaKeys.forEach(ctx.txn::deleteMeta);
            return null;
        }));
    }

    /** The lock on {@code key} now (persisted or in memory), or null; no latch, so it may change right after. */
    public Lock currentLock(int shard, byte[] key) {
        return guarded(() -> {
            try (MvccReader r = new MvccReader(shards.apply(shard).snapshot())) {
                return r.loadLock(key);
            }
        });
    }

    public byte[] get(int shard, byte[] key, long readTs, Set<Long> bypass) {
        return guarded(() -> reads.get(shards.apply(shard), key, readTs, bypass));
    }

    public List<byte[]> batchGet(int shard, List<byte[]> keys, long readTs, Set<Long> bypass) {
        return guarded(() -> reads.batchGet(shards.apply(shard), keys, readTs, bypass));
    }

    public List<KvPair> scan(int shard, byte[] start, byte[] end, int limit, boolean reverse, long readTs,
                             Set<Long> bypass) {
        return guarded(() -> reads.scan(shards.apply(shard), start, end, limit, reverse, readTs, bypass));
    }

    private static List<byte[]> keysOf(PrewriteRequest req) {
        List<byte[]> keys = new ArrayList<>(req.mutations().size());
        req.mutations().forEach(m -> keys.add(m.key()));
        return keys;
    }
}
