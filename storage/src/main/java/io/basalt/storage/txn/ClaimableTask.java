package io.basalt.storage.txn;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Work that runs exactly once, on whichever thread reaches it first: a pool worker it was handed to, or the caller
 * that needs its result. When the pool is idle the work runs in parallel with the caller; when the pool is busy the
 * caller runs it itself instead of waiting in the pool's queue and paying two thread hand-offs. Thread-safe.
 */
final class ClaimableTask<T> implements Runnable {
    private final Supplier<T> work;
    private final AtomicBoolean claimed = new AtomicBoolean();
    private final CompletableFuture<T> result = new CompletableFuture<>();

    ClaimableTask(Supplier<T> work) {
        this.work = work;
    }

    /** Runs the work unless another thread already has; a no-op then. */
    @Override
    public void run() {
        if (!claimed.compareAndSet(false, true)) {
            return;
        }
        try {
            result.complete(work.get());
        } catch (Throwable t) {
            result.completeExceptionally(t);
        }
    }

    /**
     * The work's result, running it on this thread if no one has started it yet.
     *
     * @throws java.util.concurrent.CompletionException wrapping whatever the work threw
     */
    T join() {
        run();
        return result.join();
    }
}
