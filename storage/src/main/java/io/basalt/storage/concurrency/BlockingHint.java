package io.basalt.storage.concurrency;

/**
 * Tells the executor of the calling thread that the thread is about to wait for another session (a row lock) or
 * for a while, so it may run another task meanwhile; the server's statement admission uses it to keep a bounded
 * number of statements running without letting waiters starve the ones they wait for. The JDK's
 * {@code ForkJoinPool.managedBlock} plays this part for fork-join pools.
 *
 * <pre>{@code try (BlockingHint.Section ignored = BlockingHint.begin()) { condition.await(); }}</pre>
 *
 * Threads without a {@link Listener} (tests, background threads) get a no-op section. Nested sections report only
 * the outermost one. A listener is installed by the thread it serves and used only by it.
 */
public final class BlockingHint {
    private static final ThreadLocal<Listener> LISTENER = new ThreadLocal<>();
    private static final Section NONE = () -> { };

    private BlockingHint() {
    }

    /** What the thread's executor does when the thread starts and stops waiting. */
    public interface Listener {
        void blockingBegins();

        void blockingEnds();
    }

    /** The waiting part; closing it tells the executor that the thread runs again. */
    public interface Section extends AutoCloseable {
        @Override
        void close();
    }

    /** Installs (or with null removes) the calling thread's listener. */
    public static void install(Listener listener) {
        if (listener == null) {
            LISTENER.remove();
        } else {
            LISTENER.set(listener);
        }
    }

    /**
     * Starts a waiting section of the calling thread.
     *
     * @throws WouldBlockException inside a {@link NoWaitScope}
     */
    public static Section begin() {
        NoWaitScope.refuse("another session or a timer");
        Listener l = LISTENER.get();
        if (l == null) {
            return NONE;
        }
        LISTENER.remove();
        l.blockingBegins();
        return () -> {
            l.blockingEnds();
            LISTENER.set(l);
        };
    }
}
