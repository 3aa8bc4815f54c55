package io.basalt.storage.txn;

import io.basalt.storage.pipeline.CommitPipeline;

/**
 * A 1PC or async-commit transaction's registration with the commit pipeline around its decisive prewrite. The
 * liveness rule (DESIGN.md §3.7) says a registered transaction never waits for another, so a prewrite that meets a
 * lock {@link #leave() leaves} before waiting and {@link #rejoin() rejoins} with a fresh lower bound before retrying.
 * Used by the committing thread only.
 */
final class PipelineSeat {
    private final TxnContext ctx;
    private final PreparedCommit pc;
    /** Null while the transaction waits outside the pipeline. */
    private CommitPipeline.Ticket ticket;

    private PipelineSeat(TxnContext ctx, PreparedCommit pc) {
        this.ctx = ctx;
        this.pc = pc;
    }

    static PipelineSeat take(TxnContext ctx, PreparedCommit pc) {
        PipelineSeat seat = new PipelineSeat(ctx, pc);
        seat.rejoin();
        return seat;
    }

    CommitPipeline.Ticket ticket() {
        return ticket;
    }

    /** Withdraws the registration, if any; safe to call again. */
    void leave() {
        if (ticket != null) {
            ctx.pipeline().abandon(ticket);
            ticket = null;
        }
    }

    /** Registers (again) with a fresh bound, which the (retried) prewrite carries as its min_commit_ts. */
    void rejoin() {
        ticket = ctx.pipeline().register(pc.startTs(), AsyncCommit.lowerBound(ctx, pc));
    }
}
