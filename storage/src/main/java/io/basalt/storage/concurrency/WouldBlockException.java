package io.basalt.storage.concurrency;

/**
 * Work inside a {@link NoWaitScope} reached a point where it would wait (or ran too long) and stopped before changing
 * anything; the caller runs it again on a thread that may wait. Not a storage error: it never reaches a client.
 */
public final class WouldBlockException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WouldBlockException(String what) {
        super("would wait: " + what, null, false, false);
    }

    /**
     * Work that stopped at a failure which the same work on a thread that may wait reports (and handles: a conflict
     * there may be retried, a rollback written); {@code cause} says which, for callers that count such outcomes.
     */
    public WouldBlockException(String what, RuntimeException cause) {
        super("would wait: " + what, cause, false, false);
    }
}
