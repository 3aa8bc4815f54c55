package io.basalt.storage.txn;

import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.tso.Timestamps;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Async commit (TiDB 5.0, spec §3): the transaction is committed the moment every prewrite succeeded, at the max of
 * the per-key min_commit_ts; the keys, primary included, are committed in the background. Its transactions are within
 * async commit's limits, so the prewrite is one batch, on one shard or several: staged on the committing thread
 * ({@link Prewriter#stageAsync}: a lock met is waited for outside the pipeline and the staging retried) and written by
 * the store's {@link CommitWriter}, which syncs it with a round of other decisive batches and hands the transaction to
 * the binlog, as it does a 1PC's; the committer waits for the outcome ({@link #commit}), or is told it
 * ({@link #commitWithoutWaiting}). Falls back to 2PC when a key's min_commit_ts exceeds max_commit_ts
 * ({@link StagedDecision}).
 */
final class AsyncCommit {
    private AsyncCommit() {
    }

    /** What the staged prewrite decided: the commit ts, or a fallback to 2PC with locks' min_commit_ts up to floor. */
    private record Decided(long commitTs, long lockFloor, boolean fellBack) {
        static Decided of(List<PrewriteResult> results) {
            long commitTs = 0;
            long lockFloor = 0;
            boolean fellBack = false;
            for (PrewriteResult r : results) {
                fellBack |= r.minCommitTs() == 0;
                commitTs = Math.max(commitTs, r.minCommitTs());
                lockFloor = Math.max(lockFloor, r.lockMinCommitTs());
            }
            return new Decided(commitTs, lockFloor, fellBack);
        }
    }

    static CommitOutcome commit(TxnContext ctx, PreparedCommit pc) {
        PipelineSeat seat = PipelineSeat.take(ctx, pc);
        Prewriter.Staged<List<PrewriteResult>> staged = stage(ctx, pc, seat);
        Decided d = Decided.of(staged.command().result());
        if (d.fellBack()) {
            // keys prewritten in async mode keep their min_commit_ts (also those of the batches that did not fall back)
            return StagedDecision.finishAsTwoPc(ctx, pc, seat, staged, Math.max(d.commitTs(), d.lockFloor()),
                    ctx.metrics().asyncFallbacks);
        }
        return CommitWriter.await(submit(ctx, pc, seat, staged, d.commitTs()));
    }

    /**
     * The commit of a thread that must not wait (in a {@link NoWaitScope}), as {@link OnePhaseCommit#commitWithoutWaiting}:
     * a lock met or a fallback to 2PC is refused with {@link WouldBlockException}, nothing written.
     */
    static CompletableFuture<CommitOutcome> commitWithoutWaiting(TxnContext ctx, PreparedCommit pc) {
        PipelineSeat seat = PipelineSeat.take(ctx, pc);
        Prewriter.Staged<List<PrewriteResult>> staged = stage(ctx, pc, seat);
        Decided d = Decided.of(staged.command().result());
        if (d.fellBack()) {
            throw StagedDecision.refuseTwoPc(seat, staged, CommitPath.ASYNC_COMMIT);
        }
        return submit(ctx, pc, seat, staged, d.commitTs());
    }

    private static Prewriter.Staged<List<PrewriteResult>> stage(TxnContext ctx, PreparedCommit pc, PipelineSeat seat) {
        long maxCommitTs = maxCommitTs(ctx);
        // a resolver may roll back the primary only once max_commit_ts has passed (tidb#33641)
        long ttl = Math.max(TwoPhaseCommit.ttl(ctx, pc),
                Timestamps.physical(maxCommitTs) - Timestamps.physical(pc.startTs()) + 1);
        try {
            return Prewriter.stageAsync(ctx, pc, seat, maxCommitTs, ttl);
        } catch (RuntimeException e) {
            seat.leave();
            throw e;
        }
    }

    private static CompletableFuture<CommitOutcome> submit(TxnContext ctx, PreparedCommit pc, PipelineSeat seat,
                                                           Prewriter.Staged<List<PrewriteResult>> staged,
                                                           long commitTs) {
        long startTs = pc.startTs();
        Map<Integer, List<byte[]>> locked = KeyGroups.lockedKeysByShard(pc, true);
        CommitWriter.Decision decision = new CommitWriter.Decision() {
            @Override
            public void decided() {
                ctx.faults().hit(FaultPoints.AFTER_ALL_PREWRITES, startTs);
                // writers queued on these keys may commit them now rather than after the binlog group and the
                // background commit (the outbox already guarantees the binlog will hold this transaction)
                ctx.cm().markDecided(startTs, commitTs);
                locked.values().forEach(ctx.waits()::released);
            }

            @Override
            public void refused() {
                ctx.cm().clearDecided(startTs);
            }
        };
        return StagedDecision.submit(ctx, pc, seat, staged, commitTs, CommitPath.ASYNC_COMMIT, decision)
                .thenApply(ignored -> {
                    // run by the thread that delivered the binlog group, often the commit writer's own
                    ctx.secondaries().submitWithoutLatching(startTs, commitTs, locked,
                            staged.outboxWritten() ? pc.primaryShard() : -1, ctx.timer());
                    return new CommitOutcome(commitTs, CommitPath.ASYNC_COMMIT);
                });
    }

    /**
     * The commit ts lower bound registered with the pipeline and sent with the prewrites: a fresh TSO timestamp + 1,
     * which makes the commit linearizable (spec §3.10). Causal consistency only skips that TSO call and starts from
     * what every prewrite computes at least, max_ts (it only grows) and the transaction's own timestamps + 1. A bound
     * of start_ts + 1 held the pipeline's watermark below the commits decided meanwhile, so they waited for this
     * transaction's whole prewrite (oltp_write_only: causal-only +18–20 % avg latency against BEGIN in two runs).
     */
    static long lowerBound(TxnContext ctx, PreparedCommit pc) {
        if (!pc.options().causalConsistencyOnly()) {
            return ctx.tso().next() + 1;
        }
        return Math.max(Math.max(pc.startTs(), pc.forUpdateTs()), ctx.cm().maxTs()) + 1;
    }

    static long maxCommitTs(TxnContext ctx) {
        long now = ctx.tso().now();
        return Timestamps.compose(Timestamps.physical(now) + ctx.config().asyncCommitSafeWindowMs, 0);
    }
}
