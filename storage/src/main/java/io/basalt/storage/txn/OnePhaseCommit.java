package io.basalt.storage.txn;

import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.pipeline.CommitPath;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One-phase commit (spec §4): one batch of all the transaction's shards writes the commit records at the calculated
 * commit ts (and the outbox record); no lock is ever persisted. The batch is staged on the committing thread
 * ({@link Prewriter#stageOnePc}: a lock met is waited for outside the pipeline and the staging retried) and written by
 * the store's {@link CommitWriter}, which makes a round of such batches durable with one WAL sync and hands them to
 * the binlog; the committer only waits for the outcome ({@link #commit}), or is told it
 * ({@link #commitWithoutWaiting}). When the commit ts would exceed max_commit_ts the staged batch holds plain 2PC
 * locks instead: the committer writes it itself and finishes with 2PC ({@link StagedDecision}).
 */
final class OnePhaseCommit {
    private OnePhaseCommit() {
    }

    static CommitOutcome commit(TxnContext ctx, PreparedCommit pc) {
        PipelineSeat seat = PipelineSeat.take(ctx, pc);
        Prewriter.Staged<PrewriteResult> staged = stage(ctx, pc, seat);
        long commitTs = staged.command().result().onePcCommitTs();
        if (commitTs == 0) {
            return StagedDecision.finishAsTwoPc(ctx, pc, seat, staged, 0, ctx.metrics().onePcFallbacks);
        }
        return CommitWriter.await(submit(ctx, pc, seat, staged, commitTs));
    }

    /**
     * The commit of a thread that must not wait (in a {@link NoWaitScope}): as {@link #commit}, but the returned future
     * completes once the binlog holds the transaction (see {@link CommitWriter.Job} for its failures). Whatever would
     * wait here, a lock met or a commit ts past max_commit_ts (which needs 2PC) among them, is refused with
     * {@link WouldBlockException} and leaves nothing behind: the transaction stays as it was, to be committed by
     * {@link #commit} on a thread that may wait.
     */
    static CompletableFuture<CommitOutcome> commitWithoutWaiting(TxnContext ctx, PreparedCommit pc) {
        PipelineSeat seat = PipelineSeat.take(ctx, pc);
        Prewriter.Staged<PrewriteResult> staged = stage(ctx, pc, seat);
        long commitTs = staged.command().result().onePcCommitTs();
        if (commitTs == 0) {
            throw StagedDecision.refuseTwoPc(seat, staged, CommitPath.ONE_PC);
        }
        return submit(ctx, pc, seat, staged, commitTs);
    }

    private static Prewriter.Staged<PrewriteResult> stage(TxnContext ctx, PreparedCommit pc, PipelineSeat seat) {
        try {
            ctx.faults().hit(FaultPoints.BEFORE_ONE_PC, pc.startTs());
            return Prewriter.stageOnePc(ctx, pc, seat, AsyncCommit.maxCommitTs(ctx), TwoPhaseCommit.ttl(ctx, pc));
        } catch (RuntimeException e) {
            seat.leave();
            throw e;
        }
    }

    private static CompletableFuture<CommitOutcome> submit(TxnContext ctx, PreparedCommit pc, PipelineSeat seat,
                                                           Prewriter.Staged<PrewriteResult> staged, long commitTs) {
        return StagedDecision.submit(ctx, pc, seat, staged, commitTs, CommitPath.ONE_PC, CommitWriter.Decision.NONE)
                .thenApply(ignored -> {
                    if (staged.outboxWritten()) {
                        ctx.secondaries().submit(pc.startTs(), commitTs, Map.of(), pc.primaryShard());
                    }
                    return new CommitOutcome(commitTs, CommitPath.ONE_PC);
                });
    }
}
