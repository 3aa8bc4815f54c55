package io.basalt.storage.binlog;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The end of the binlog readers may see (MariaDB's {@code binlog_end_pos}): published by the writer after each
 * group is written (and fsynced when sync_binlog asks), so a dump thread never sends what a crash could take back
 * when sync_binlog=1. Writers only set a volatile and, when a reader waits, notify it; they never wait for readers.
 * Thread-safe.
 */
final class BinlogEnd {
    private final Object monitor = new Object();
    private final AtomicInteger waiters = new AtomicInteger();
    private volatile BinlogPosition end;
    private volatile boolean closed;

    BinlogEnd(BinlogPosition initial) {
        this.end = initial;
    }

    BinlogPosition get() {
        return end;
    }

    boolean closed() {
        return closed;
    }

    void publish(BinlogPosition p) {
        end = p;
        wake();
    }

    void close() {
        closed = true;
        wake();
    }

    /** Waits until the end differs from {@code seen}, the log closes, or {@code nanos} pass. */
    void awaitChange(BinlogPosition seen, long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        waiters.incrementAndGet();
        try {
            synchronized (monitor) {
                long left;
                while (end.equals(seen) && !closed && (left = deadline - System.nanoTime()) > 0) {
                    monitor.wait(Math.max(1, left / 1_000_000), 0);
                }
            }
        } finally {
            waiters.decrementAndGet();
        }
    }

    private void wake() {
        if (waiters.get() > 0) {
            synchronized (monitor) {
                monitor.notifyAll();
            }
        }
    }
}
