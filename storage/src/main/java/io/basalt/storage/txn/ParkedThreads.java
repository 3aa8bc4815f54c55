package io.basalt.storage.txn;

import java.util.concurrent.locks.LockSupport;

/** Stopping a thread of the store that parks between its rounds (the commit writer, the binlog group leader). */
final class ParkedThreads {
    private ParkedThreads() {
    }

    /**
     * Wakes {@code thread}, which must already have been told to stop, and waits up to {@code waitMs} for it to end;
     * returns whether it did.
     */
    static boolean wakeAndJoin(Thread thread, long waitMs) {
        LockSupport.unpark(thread);
        try {
            thread.join(waitMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !thread.isAlive();
    }
}
