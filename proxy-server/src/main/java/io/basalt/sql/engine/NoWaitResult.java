package io.basalt.sql.engine;

import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;

/**
 * What a statement tried on a thread that must not wait came to ({@link SqlEngine#executeWithoutWaiting}): done (its
 * reply is written), handed off (nothing sent or changed: a worker runs it), or pending: its commit is on its way to
 * the disk, and once {@link #settled} completes the connection's thread calls {@link #finish} to write the reply.
 */
public final class NoWaitResult {
    public static final NoWaitResult DONE = new NoWaitResult(null, null);
    public static final NoWaitResult HAND_OFF = new NoWaitResult(null, null);

    private final CompletionStage<?> settled;
    private final BooleanSupplier finish;

    private NoWaitResult(CompletionStage<?> settled, BooleanSupplier finish) {
        this.settled = settled;
        this.finish = finish;
    }

    /**
     * A statement whose commit is in flight.
     *
     * @param settled completes (on any thread) when the commit's outcome is known
     * @param finish  on the connection's thread afterwards: writes the reply and returns true, or returns false with
     *                nothing sent when the statement must run again on a worker; throws the statement's
     *                {@link io.basalt.protocol.error.MySqlException}
     */
    public static NoWaitResult pending(CompletionStage<?> settled, BooleanSupplier finish) {
        return new NoWaitResult(settled, finish);
    }

    public static NoWaitResult of(boolean done) {
        return done ? DONE : HAND_OFF;
    }

    public boolean isPending() {
        return settled != null;
    }

    /** Completes when {@link #finish} may be called; only for a pending result. */
    public CompletionStage<?> settled() {
        if (settled == null) {
            throw new IllegalStateException("not pending");
        }
        return settled;
    }

    /** See {@link #pending}; only for a pending result whose {@link #settled} is complete. */
    public boolean finish() {
        if (finish == null) {
            throw new IllegalStateException("not pending");
        }
        return finish.getAsBoolean();
    }
}
