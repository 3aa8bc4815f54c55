package io.basalt.storage.txn;

import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.pipeline.CommitPath;
import io.micrometer.core.instrument.Counter;
import java.util.concurrent.CompletableFuture;

/**
 * What 1PC and async commit share once their decisive batch is staged ({@link Prewriter#stageOnePc},
 * {@link Prewriter#stageAsync}) with the transaction registered in the pipeline: the {@link CommitWriter} writes the
 * batch in its next round, whose WAL sync it shares, and hands the transaction to the pipeline. When the commit ts
 * would pass max_commit_ts the batch holds (partly) plain 2PC locks instead: the committer writes it itself and
 * finishes with 2PC, or, on a thread that must not wait, refuses before anything is written.
 */
final class StagedDecision {
    private StagedDecision() {
    }

    /** To the commit writer; the future completes once the binlog holds the transaction (see {@link CommitWriter.Job}). */
    static CompletableFuture<Void> submit(TxnContext ctx, PreparedCommit pc, PipelineSeat seat,
                                          Prewriter.Staged<?> staged, long commitTs, CommitPath path,
                                          CommitWriter.Decision decision) {
        CompletableFuture<Void> durable = new CompletableFuture<>();
        ctx.commitWriter().submit(new CommitWriter.Job(staged.command(), seat.ticket(), pc.startTs(), commitTs, path,
                pc.payload(), decision, durable));
        return durable;
    }

    /**
     * Writes the staged locks and commits by 2PC, at a commit ts of at least {@code minCommitTs} (0: the primary
     * lock's min_commit_ts), counting the fallback once the locks are written.
     */
    static CommitOutcome finishAsTwoPc(TxnContext ctx, PreparedCommit pc, PipelineSeat seat,
                                       Prewriter.Staged<?> staged, long minCommitTs, Counter fallbacks) {
        try {
            staged.command().write();
        } catch (RuntimeException e) {
            seat.leave();
            throw e;
        } finally {
            staged.command().finish();
        }
        ctx.faults().hit(FaultPoints.AFTER_PRIMARY_PREWRITE, pc.startTs());
        seat.leave();
        fallbacks.increment();
        return new CommitOutcome(TwoPhaseCommit.finish(ctx, pc, staged.outboxWritten(), minCommitTs),
                CommitPath.TWO_PC);
    }

    /** The refusal of a thread that must not wait to finish as 2PC: nothing written, the batch and seat given up. */
    static WouldBlockException refuseTwoPc(PipelineSeat seat, Prewriter.Staged<?> staged, CommitPath path) {
        staged.command().finish();
        seat.leave();
        return new WouldBlockException("a " + path.metricTag + " commit past max_commit_ts, which finishes as 2PC");
    }
}
