package io.basalt.storage.txn;

import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.pipeline.CommitPath;
import java.util.Map;

/**
 * One-phase commit (spec §4): all mutations are on one shard, so one synced WriteBatch writes the commit records at
 * the calculated commit ts (and the outbox record) and no lock is ever persisted. A prewrite that meets another
 * transaction's lock waits outside the pipeline and is retried ({@link Prewriter}); falls back to 2PC when the commit
 * ts would exceed max_commit_ts.
 */
final class OnePhaseCommit {
    private OnePhaseCommit() {
    }

    static CommitOutcome commit(TxnContext ctx, PreparedCommit pc) {
        long startTs = pc.startTs();
        PipelineSeat seat = PipelineSeat.take(ctx, pc);
        Prewriter.Outcome out;
        try {
            ctx.faults().hit(FaultPoints.BEFORE_ONE_PC, startTs);
            out = Prewriter.run(ctx, pc, Prewriter.Mode.ONE_PC, seat, AsyncCommit.maxCommitTs(ctx),
                    TwoPhaseCommit.ttl(ctx, pc));
        } catch (RuntimeException e) {
            seat.leave();
            throw e;
        }
        PrewriteResult r = out.results().get(0);
        if (r.onePcCommitTs() == 0) {
            seat.leave();
            ctx.metrics().onePcFallbacks.increment();
            return new CommitOutcome(TwoPhaseCommit.finish(ctx, pc, out.outboxWritten()), CommitPath.TWO_PC);
        }
        long commitTs = r.onePcCommitTs();
        try {
            ctx.tso().observe(commitTs);
        } catch (RuntimeException e) {
            throw DecidedCommit.failedAfterDecision(ctx.pipeline(), seat.ticket(), startTs, commitTs, CommitPath.ONE_PC,
                    pc.payload(), e);
        }
        try {
            ctx.pipeline().commit(seat.ticket(), commitTs, CommitPath.ONE_PC, pc.payload());
        } catch (RuntimeException e) {
            throw DecidedCommit.undetermined(startTs, e);
        }
        if (out.outboxWritten()) {
            ctx.secondaries().submit(startTs, commitTs, Map.of(), pc.primaryShard());
        }
        return new CommitOutcome(commitTs, CommitPath.ONE_PC);
    }
}
