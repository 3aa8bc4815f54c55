package io.basalt.sql.txn;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A commit begun on a thread that must not wait ({@link SessionTransaction#endStatementWithoutWaiting}): storage
 * completes {@link #durable} on its own thread once the transaction is durable in the binlog (or failed), and then
 * the session's thread calls {@link #finish}, which does what the rest of a commit on that thread does and reports
 * its outcome as {@link SessionTransaction#commit} would. Used by the session's thread, apart from the future.
 */
public final class PendingCommit {
    private final CompletableFuture<?> durable;
    private final Runnable finish;

    PendingCommit(CompletableFuture<?> durable, Runnable finish) {
        this.durable = durable;
        this.finish = finish;
    }

    /** Completes, on any thread, when the commit's outcome is known; {@link #finish} then reports it. */
    public CompletionStage<?> durable() {
        return durable;
    }

    /**
     * On the session's thread, after {@link #durable}: the commit's bookkeeping (binlog cache, metadata locks).
     *
     * @throws io.basalt.protocol.error.MySqlException the commit failed, as from {@link SessionTransaction#commit}
     * @throws OptimisticStatementConflict an optimistic autocommit statement met a conflict: it runs again
     */
    public void finish() {
        if (!durable.isDone()) {
            throw new IllegalStateException("finish before the commit's outcome is known");
        }
        finish.run();
    }

    /** This commit, then {@code next} once it succeeded (the statement's reply). */
    public PendingCommit then(Runnable next) {
        return new PendingCommit(durable, () -> {
            finish.run();
            next.run();
        });
    }
}
