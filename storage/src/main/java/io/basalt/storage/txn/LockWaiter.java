package io.basalt.storage.txn;

import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.LockNotWaitedException;
import io.basalt.storage.error.LockWaitTimeoutException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.Lock;
import java.util.Set;

/**
 * What a transaction does when it meets another's lock: resolve it if possible, otherwise register the wait in the
 * deadlock detector (writers only) and sleep until the lock is released or may have expired, never past the
 * caller's deadline.
 */
final class LockWaiter {
    /** Re-check period while waiting: a released lock wakes us earlier; this bounds missed wake-ups. */
    private static final long MAX_SLICE_MS = 200;

    private LockWaiter() {
    }

    /** For writers that must not wait: resolves an abandoned lock, else gives up with LockNotWaited. */
    static void resolveWithoutWaiting(TxnContext ctx, KeyIsLockedException e, long startTs) {
        checkNotInterrupted(startTs);
        if (ctx.resolver().resolve(new KeyLock(e.key, e.lock), startTs, null) > 0) {
            throw new LockNotWaitedException(startTs, e.lock.startTs);
        }
    }

    /** For writers: may throw Deadlock (whole transaction) or LockWaitTimeout (statement). */
    static void awaitForWrite(TxnContext ctx, KeyIsLockedException e, long startTs, long startNanos,
                              long timeoutMs) {
        checkNotInterrupted(startTs);
        long ms = ctx.resolver().resolve(new KeyLock(e.key, e.lock), startTs, null);
        if (ms == 0) {
            return;
        }
        long waitedMs = (System.nanoTime() - startNanos) / 1_000_000;
        long remaining = timeoutMs - waitedMs;
        if (remaining <= 0) {
            ctx.metrics().lockWaitTimeouts.increment();
            throw new LockWaitTimeoutException(startTs, waitedMs);
        }
        try {
            ctx.deadlocks().beginWait(startTs, e.lock.startTs);
        } catch (RuntimeException deadlock) {
            ctx.metrics().deadlocks.increment();
            throw deadlock;
        }
        long t0 = System.nanoTime();
        try {
            ctx.metrics().lockWaits.increment();
            ctx.waits().await(e.key, startTs, Math.min(Math.min(ms, remaining), MAX_SLICE_MS),
                    () -> lockGone(ctx, e));
        } finally {
            ctx.deadlocks().endWait(startTs);
            ctx.metrics().lockWaitTime.record(System.nanoTime() - t0, java.util.concurrent.TimeUnit.NANOSECONDS);
        }
    }

    /**
     * For snapshot readers: resolves or waits; pushed transactions are added to {@code bypass}. {@code attempt}
     * (0, 1, ...) grows the wait exponentially from 1 ms: most locks a reader meets belong to a commit that is
     * milliseconds from done, and a released lock wakes the reader anyway.
     */
    static void awaitForRead(TxnContext ctx, KeyIsLockedException e, long readTs, Set<Long> bypass, int attempt) {
        checkNotInterrupted(readTs);
        long ms = ctx.resolver().resolve(new KeyLock(e.key, e.lock), readTs, bypass);
        if (ms > 0) {
            long backoff = 1L << Math.min(attempt, 8);
            // a reader's slices are milliseconds long: a missed release costs less than looking the lock up again
            ctx.waits().await(e.key, readTs, Math.min(Math.min(ms, backoff), MAX_SLICE_MS), () -> false);
        }
    }

    /** Whether the lock met is no longer on its key (released, or replaced by another transaction's). */
    private static boolean lockGone(TxnContext ctx, KeyIsLockedException e) {
        Lock now = ctx.kv().currentLock(ctx.regions().shardOf(e.key), e.key);
        return now == null || now.startTs != e.lock.startTs;
    }

    /** An interrupted session (KILL, shutdown) stops waiting instead of spinning. */
    private static void checkNotInterrupted(long ts) {
        if (Thread.currentThread().isInterrupted()) {
            throw new StorageException("interrupted while waiting for a lock (txn " + ts + ")");
        }
    }
}
