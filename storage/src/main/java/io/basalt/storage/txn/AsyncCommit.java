package io.basalt.storage.txn;

import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.tso.Timestamps;
import java.util.List;
import java.util.Map;

/**
 * Async commit (TiDB 5.0, spec §3): the transaction is committed the moment every prewrite succeeded, at the max of
 * the per-key min_commit_ts; the keys, primary included, are committed in the background. A prewrite that meets
 * another transaction's lock waits outside the pipeline and is retried ({@link Prewriter}); falls back to 2PC when a
 * key's min_commit_ts exceeds max_commit_ts.
 */
final class AsyncCommit {
    private AsyncCommit() {
    }

    static CommitOutcome commit(TxnContext ctx, PreparedCommit pc) {
        long startTs = pc.startTs();
        PipelineSeat seat = PipelineSeat.take(ctx, pc);
        long maxCommitTs = maxCommitTs(ctx);
        // a resolver may roll back the primary only once max_commit_ts has passed (tidb#33641)
        long ttl = Math.max(TwoPhaseCommit.ttl(ctx, pc),
                Timestamps.physical(maxCommitTs) - Timestamps.physical(startTs) + 1);
        Prewriter.Outcome out;
        try {
            out = Prewriter.runAsync(ctx, pc, seat, maxCommitTs, ttl);
        } catch (RuntimeException e) {
            seat.leave();
            throw e;
        }
        long commitTs = 0;
        long lockFloor = 0;
        boolean fellBack = false;
        for (PrewriteResult r : out.results()) {
            fellBack |= r.minCommitTs() == 0;
            commitTs = Math.max(commitTs, r.minCommitTs());
            lockFloor = Math.max(lockFloor, r.lockMinCommitTs());
        }
        if (fellBack) {
            seat.leave();
            ctx.metrics().asyncFallbacks.increment();
            // keys prewritten in async mode keep their min_commit_ts (also those of the batches that did not fall back)
            return new CommitOutcome(TwoPhaseCommit.finish(ctx, pc, out.outboxWritten(),
                    Math.max(commitTs, lockFloor)), CommitPath.TWO_PC);
        }
        try {
            ctx.faults().hit(FaultPoints.AFTER_ALL_PREWRITES, startTs);
            ctx.tso().observe(commitTs);
        } catch (RuntimeException e) {
            throw DecidedCommit.failedAfterDecision(ctx.pipeline(), seat.ticket(), startTs, commitTs,
                    CommitPath.ASYNC_COMMIT, pc.payload(), e);
        }
        Map<Integer, List<byte[]>> locked = KeyGroups.lockedKeysByShard(pc, true);
        // decided: writers queued on these keys may commit them now rather than after the binlog group and the
        // background commit (the outbox already guarantees the binlog will hold this transaction)
        ctx.cm().markDecided(startTs, commitTs);
        locked.values().forEach(ctx.waits()::released);
        try {
            ctx.pipeline().commit(seat.ticket(), commitTs, CommitPath.ASYNC_COMMIT, pc.payload());
        } catch (RuntimeException e) {
            ctx.cm().clearDecided(startTs);
            throw DecidedCommit.undetermined(startTs, e);
        }
        ctx.secondaries().submit(startTs, commitTs, locked, out.outboxWritten() ? pc.primaryShard() : -1);
        return new CommitOutcome(commitTs, CommitPath.ASYNC_COMMIT);
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
