package io.basalt.storage.txn;

import io.basalt.storage.action.PrewriteRequest;
import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.fault.FaultPoints;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Prewrites every shard's batch of a transaction on the calling thread: the other shards' first, unsynced, then the
 * primary's, synced. The shards share one WAL ({@link io.basalt.storage.shard.ShardEngine}), which is synced as a
 * prefix, so the primary's fsync makes the earlier batches durable too: one fsync per prewrite and no thread hand-off,
 * where each shard's own synced write (in parallel on a pool) cost one fsync per shard and two switches. Nothing
 * relies on a batch before the whole prewrite has returned.
 * A batch that meets another transaction's lock switches the whole transaction to plain 2PC: the caller is told
 * (so it can leave the commit pipeline before anyone waits), the lock is waited for or resolved, and the batch is
 * retried as a plain 2PC prewrite. The first failure stops the prewrite; the caller rolls back what was written.
 * One instance per prewrite, used by the committing thread only.
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

    private PrewriteResult prewriteShard(int shard, PreparedCommit.ShardBatch batch, boolean durable) {
        long waitStart = System.nanoTime();
        boolean isPrimary = shard == pc.primaryShard();
        while (true) {
            Mode m = fellBack ? Mode.PLAIN : mode;
            byte[] outbox = m != Mode.PLAIN && isPrimary && ctx.pipeline().hasSink() ? pc.payload() : null;
            PrewriteRequest req = new PrewriteRequest(batch.mutations(), batch.pessimisticLocked(), pc.primary(),
                    pc.startTs(), ttlMs, pc.txnSize(), pc.forUpdateTs(), minCommitTs, maxCommitTs,
                    m == Mode.ASYNC, m == Mode.ASYNC && isPrimary ? pc.secondaries() : List.of(),
                    m == Mode.ONE_PC, outbox, durable);
            try {
                PrewriteResult r = ctx.kv().prewrite(shard, req);
                outboxWritten |= outbox != null;
                ctx.faults().hit(isPrimary ? FaultPoints.AFTER_PRIMARY_PREWRITE : FaultPoints.AFTER_SECONDARY_PREWRITE,
                        pc.startTs());
                return r;
            } catch (KeyIsLockedException e) {
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
        }
    }
}
