package io.basalt.storage.txn;

import io.basalt.storage.action.PrewriteRequest;
import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.fault.FaultPoints;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Prewrites every shard's batch of a transaction on the calling thread. A 1PC over several shards is one atomic write
 * of them all ({@link io.basalt.storage.action.OnePcAcrossShards}); otherwise the other shards' batches go first,
 * unsynced, then the primary's, synced. The shards share one WAL ({@link io.basalt.storage.shard.ShardEngine}), which
 * is synced as a prefix, so the primary's fsync makes the earlier batches durable too: one fsync per prewrite and no
 * thread hand-off, where each shard's own synced write (in parallel on a pool) cost one fsync per shard and two
 * switches. Nothing relies on a batch before the whole prewrite has returned. A batch that meets another transaction's
 * lock switches the whole transaction to plain 2PC: the caller is told (so it can leave the commit pipeline before
 * anyone waits), the lock is waited for or resolved, and the batch is retried as a plain 2PC prewrite. The first
 * failure stops the prewrite; the caller rolls back what was written. One instance per prewrite, used by the committing
 * thread only.
 */
final class Prewriter {
    enum Mode { ONE_PC, ASYNC, PLAIN }

    record Outcome(List<PrewriteResult> results, boolean fellBackOnLock, boolean outboxWritten) {
    }

    private final TxnContext ctx;
    private final PreparedCommit pc;
    private final Mode mode;
    private final long minCommitTs;
    private final long maxCommitTs;
    private final long ttlMs;
    private final Runnable onLockMet;
    /** A batch met another transaction's lock: this and every later batch is a plain 2PC prewrite. */
    private boolean fellBack;
    private boolean outboxWritten;

    private Prewriter(TxnContext ctx, PreparedCommit pc, Mode mode, long minCommitTs, long maxCommitTs, long ttlMs,
                      Runnable onLockMet) {
        this.ctx = ctx;
        this.pc = pc;
        this.mode = mode;
        this.minCommitTs = minCommitTs;
        this.maxCommitTs = maxCommitTs;
        this.ttlMs = ttlMs;
        this.onLockMet = onLockMet;
    }

    static Outcome run(TxnContext ctx, PreparedCommit pc, Mode mode, long minCommitTs, long maxCommitTs, long ttlMs,
                       Runnable onLockMet) {
        return new Prewriter(ctx, pc, mode, minCommitTs, maxCommitTs, ttlMs, onLockMet).run();
    }

    private Outcome run() {
        long t0 = System.nanoTime();
        try {
            if (mode == Mode.ONE_PC && pc.batches().size() > 1) {
                PrewriteResult r = onePcAcrossShards();
                if (r != null) {
                    return new Outcome(List.of(r), false, outboxWritten);
                }
            }
            List<PrewriteResult> results = new ArrayList<>();
            for (Map.Entry<Integer, PreparedCommit.ShardBatch> e : pc.batches().entrySet()) {
                if (e.getKey() != pc.primaryShard()) {
                    results.add(prewriteShard(e.getKey(), e.getValue(), false));
                }
            }
            results.add(prewriteShard(pc.primaryShard(), pc.batches().get(pc.primaryShard()), true));
            return new Outcome(results, fellBack, outboxWritten);
        } finally {
            ctx.metrics().prewriteLatency.record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * 1PC of every shard's batch in one atomic write; null if a key was locked by another transaction (nothing was
     * written; the lock was waited for or resolved, and the caller prewrites the batches as plain 2PC).
     */
    private PrewriteResult onePcAcrossShards() {
        long waitStart = System.nanoTime();
        SortedMap<Integer, PrewriteRequest> requests = new TreeMap<>();
        pc.batches().forEach((shard, batch) -> requests.put(shard, request(batch, Mode.ONE_PC,
                shard == pc.primaryShard(), true)));
        try {
            PrewriteResult r = ctx.kv().prewriteOnePcAcross(requests);
            outboxWritten = requests.get(pc.primaryShard()).outbox() != null;
            ctx.faults().hit(FaultPoints.AFTER_PRIMARY_PREWRITE, pc.startTs());
            return r;
        } catch (KeyIsLockedException e) {
            fallBackAndWait(e, waitStart);
            return null;
        }
    }

    private PrewriteRequest request(PreparedCommit.ShardBatch batch, Mode m, boolean isPrimary, boolean durable) {
        byte[] outbox = m != Mode.PLAIN && isPrimary && ctx.pipeline().hasSink() ? pc.payload() : null;
        return new PrewriteRequest(batch.mutations(), batch.pessimisticLocked(), pc.primary(),
                pc.startTs(), ttlMs, pc.txnSize(), pc.forUpdateTs(), minCommitTs, maxCommitTs,
                m == Mode.ASYNC, m == Mode.ASYNC && isPrimary ? pc.secondaries() : List.of(),
                m == Mode.ONE_PC, outbox, durable);
    }

    /** Switches to plain 2PC (telling the caller the first time), then waits for or resolves the lock. */
    private void fallBackAndWait(KeyIsLockedException e, long waitStart) {
        if (mode != Mode.PLAIN && !fellBack) {
            fellBack = true;
            onLockMet.run();
        }
        if (pc.options().waitForLocks()) {
            LockWaiter.awaitForWrite(ctx, e, pc.startTs(), waitStart, pc.options().lockWaitTimeoutMs());
        } else {
            LockWaiter.resolveWithoutWaiting(ctx, e, pc.startTs());
        }
    }

    private PrewriteResult prewriteShard(int shard, PreparedCommit.ShardBatch batch, boolean durable) {
        long waitStart = System.nanoTime();
        boolean isPrimary = shard == pc.primaryShard();
        while (true) {
            PrewriteRequest req = request(batch, fellBack ? Mode.PLAIN : mode, isPrimary, durable);
            try {
                PrewriteResult r = ctx.kv().prewrite(shard, req);
                outboxWritten |= req.outbox() != null;
                ctx.faults().hit(isPrimary ? FaultPoints.AFTER_PRIMARY_PREWRITE : FaultPoints.AFTER_SECONDARY_PREWRITE,
                        pc.startTs());
                return r;
            } catch (KeyIsLockedException e) {
                fallBackAndWait(e, waitStart);
            }
        }
    }
}
