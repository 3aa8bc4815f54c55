package io.basalt.storage.txn;

import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.pipeline.CommitPath;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

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

    /**
     * The commit of a thread that must not wait (in a {@link NoWaitScope}): the batch is staged here and written, made
     * durable and delivered by the {@link CommitWriter}; the future completes once the binlog holds it (see
     * {@link CommitWriter.Job} for its failures). Whatever would wait here, a lock met or a commit ts past
     * max_commit_ts (which needs 2PC) among them, is refused with {@link WouldBlockException} and leaves nothing
     * behind: the transaction stays as it was, to be committed by {@link #commit} on a thread that may wait.
     */
    static CompletableFuture<CommitOutcome> commitWithoutWaiting(TxnContext ctx, PreparedCommit pc) {
        long startTs = pc.startTs();
        PipelineSeat seat = PipelineSeat.take(ctx, pc);
        Prewriter.Staged staged;
        try {
            ctx.faults().hit(FaultPoints.BEFORE_ONE_PC, startTs);
            staged = Prewriter.stageOnePc(ctx, pc, seat, AsyncCommit.maxCommitTs(ctx), TwoPhaseCommit.ttl(ctx, pc));
        } catch (RuntimeException e) {
            seat.leave();
            throw e;
        }
        long commitTs = staged.command().result().onePcCommitTs();
        if (commitTs == 0) {
            staged.command().finish();
            seat.leave();
            throw new WouldBlockException("a 1PC past max_commit_ts, which finishes as 2PC");
        }
        CompletableFuture<Void> durable = new CompletableFuture<>();
        ctx.commitWriter().submit(new CommitWriter.Job(staged.command(), seat.ticket(), startTs, commitTs,
                pc.payload(), durable));
        return durable.thenApply(ignored -> {
            if (staged.outboxWritten()) {
                ctx.secondaries().submit(startTs, commitTs, Map.of(), pc.primaryShard());
            }
            return new CommitOutcome(commitTs, CommitPath.ONE_PC);
        });
    }
}
