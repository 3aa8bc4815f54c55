package io.basalt.server.netty;

import java.util.concurrent.atomic.AtomicInteger;

/** Admits at most max_connections client connections at a time. Thread-safe. */
final class ConnectionLimiter {
    private final int max;
    private final AtomicInteger open = new AtomicInteger();

    ConnectionLimiter(int max) {
        this.max = max;
    }

    /** @return false when the limit is reached (the caller answers 1040 and closes) */
    boolean tryAcquire() {
        while (true) {
            int n = open.get();
            if (n >= max) {
                return false;
            }
            if (open.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    void release() {
        open.decrementAndGet();
    }

    int open() {
        return open.get();
    }
}
