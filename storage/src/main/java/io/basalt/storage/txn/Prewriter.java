package io.basalt.storage.txn;

import io.basalt.storage.action.PrewriteRequest;
import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.fault.FaultPoints;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Prewrites every shard's batch of a transaction, the primary's on the calling thread and the others in parallel on
 * the prewrite pool; a batch the pool has not started by the time the primary's is done runs on the calling thread
 * (under load the pool is busy, and a hand-off costs more than it saves).
 * A batch that meets another transaction's lock switches the whole transaction to plain 2PC: the caller is told
 * (so it can leave the commit pipeline before anyone waits), the lock is waited for or resolved, and the batch is
 * retried as a plain 2PC prewrite. Waits for every batch before reporting the first failure.
 */
final class Prewriter {
    enum Mode { ONE_PC, ASYNC, PLAIN }

    record Outcome(List<PrewriteResult> results, boolean fellBackOnLock, boolean outboxWritten) {
    }

    private Prewriter() {
    }

    static Outcome run(TxnContext ctx, PreparedCommit pc, Mode mode, long minCommitTs, long maxCommitTs, long ttlMs,
                       Runnable onLockMet) {
        AtomicBoolean fellBack = new AtomicBoolean(false);
        AtomicBoolean outbox = new AtomicBoolean(false);
        long t0 = System.nanoTime();
        List<ClaimableTask<PrewriteResult>> others = new ArrayList<>();
        for (Map.Entry<Integer, PreparedCommit.ShardBatch> e : pc.batches().entrySet()) {
            if (e.getKey() != pc.primaryShard()) {
                ClaimableTask<PrewriteResult> task = new ClaimableTask<>(() -> prewriteShard(ctx, pc, e.getKey(),
                        e.getValue(), mode, minCommitTs, maxCommitTs, ttlMs, fellBack, outbox, onLockMet));
                ctx.prewritePool().execute(task);
                others.add(task);
            }
        }
        List<PrewriteResult> results = new ArrayList<>();
        RuntimeException failure = null;
        try {
            results.add(prewriteShard(ctx, pc, pc.primaryShard(), pc.batches().get(pc.primaryShard()), mode,
                    minCommitTs, maxCommitTs, ttlMs, fellBack, outbox, onLockMet));
        } catch (RuntimeException e) {
            failure = e;
        }
        for (ClaimableTask<PrewriteResult> f : others) {
            try {
                results.add(f.join());
            } catch (CompletionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException re ? re
                            : new StorageException("prewrite failed", e.getCause());
                }
            }
        }
        ctx.metrics().prewriteLatency.record(System.nanoTime() - t0, java.util.concurrent.TimeUnit.NANOSECONDS);
        if (failure != null) {
            throw failure;
        }
        return new Outcome(results, fellBack.get(), outbox.get());
    }

    private static PrewriteResult prewriteShard(TxnContext ctx, PreparedCommit pc, int shard,
                                                PreparedCommit.ShardBatch batch, Mode mode, long minCommitTs,
                                                long maxCommitTs, long ttlMs, AtomicBoolean fellBack,
                                                AtomicBoolean outboxWritten, Runnable onLockMet) {
        long waitStart = System.nanoTime();
        while (true) {
            Mode m = fellBack.get() ? Mode.PLAIN : mode;
            boolean isPrimary = shard == pc.primaryShard();
            byte[] outbox = m != Mode.PLAIN && isPrimary && ctx.pipeline().hasSink() ? pc.payload() : null;
            PrewriteRequest req = new PrewriteRequest(batch.mutations(), batch.pessimisticLocked(), pc.primary(),
                    pc.startTs(), ttlMs, pc.txnSize(), pc.forUpdateTs(), minCommitTs, maxCommitTs,
                    m == Mode.ASYNC, m == Mode.ASYNC && isPrimary ? pc.secondaries() : List.of(),
                    m == Mode.ONE_PC, outbox);
            try {
                PrewriteResult r = ctx.kv().prewrite(shard, req);
                if (outbox != null) {
                    outboxWritten.set(true);
                }
                ctx.faults().hit(isPrimary ? FaultPoints.AFTER_PRIMARY_PREWRITE : FaultPoints.AFTER_SECONDARY_PREWRITE,
                        pc.startTs());
                return r;
            } catch (KeyIsLockedException e) {
                if (mode != Mode.PLAIN && fellBack.compareAndSet(false, true)) {
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
