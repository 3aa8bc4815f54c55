package io.basalt.storage.concurrency;

/**
 * Marks the calling thread as one that must not wait: a Netty event loop running a statement for one of its
 * connections while others wait their turn on the same thread. Inside the scope every place that would wait refuses
 * with {@link WouldBlockException} before it has changed anything: a read that would go to disk (RocksDB reads only
 * memtables and the block cache), a read or a lock request that meets another transaction's lock (resolving it may
 * wait and write), a key latch another command holds, a RocksDB write, a binlog cache file, a wait for another
 * session ({@link BlockingHint#begin}) and a timestamp that needs the oracle's window persisted.
 * The scope also caps the storage steps (point reads and iterator moves) so that a long scan does not hold the
 * thread either. The caller then runs the whole work again on a thread that may wait.
 *
 * <pre>{@code try (NoWaitScope ignored = NoWaitScope.enter(4096)) { ... } catch (WouldBlockException e) { hand off }}</pre>
 *
 * Scopes do not nest; a scope belongs to the thread that entered it.
 */
public final class NoWaitScope implements AutoCloseable {
    private static final ThreadLocal<NoWaitScope> CURRENT = new ThreadLocal<>();

    private int stepsLeft;

    private NoWaitScope(int steps) {
        this.stepsLeft = steps;
    }

    /**
     * Enters a scope on the calling thread.
     *
     * @param steps storage steps the work may take before it is refused as too long for this thread
     */
    public static NoWaitScope enter(int steps) {
        if (CURRENT.get() != null) {
            throw new IllegalStateException("no-wait scopes do not nest");
        }
        NoWaitScope scope = new NoWaitScope(steps);
        CURRENT.set(scope);
        return scope;
    }

    /** Whether the calling thread is inside a scope. */
    public static boolean active() {
        return CURRENT.get() != null;
    }

    /**
     * Called where the calling thread is about to wait.
     *
     * @param what what it would wait for, for the exception's message
     * @throws WouldBlockException inside a scope
     */
    public static void refuse(String what) {
        if (CURRENT.get() != null) {
            throw new WouldBlockException(what);
        }
    }

    /**
     * Counts one storage step of the calling thread.
     *
     * @throws WouldBlockException inside a scope whose steps are used up
     */
    public static void step() {
        NoWaitScope scope = CURRENT.get();
        if (scope != null && --scope.stepsLeft < 0) {
            throw new WouldBlockException("more storage steps than an event loop may take");
        }
    }

    @Override
    public void close() {
        CURRENT.remove();
    }
}
