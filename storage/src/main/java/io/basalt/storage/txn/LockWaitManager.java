package io.basalt.storage.txn;

import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Transactions waiting for a key's lock to be released. When a key is unlocked, the waiter with the smallest
 * start_ts is woken at once and the others {@code wakeUpDelayMs} later (TiKV's legacy wake-up), so the oldest
 * transaction gets the lock first. Waits are bounded by the caller; a wake-up only means "try again". Thread-safe.
 */
public final class LockWaitManager {
    private static final class Waiter {
        final long startTs;
        final CountDownLatch woken = new CountDownLatch(1);

        Waiter(long startTs) {
            this.startTs = startTs;
        }
    }

    private final ConcurrentSkipListMap<byte[], PriorityQueue<Waiter>> queues =
            new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
    private final ScheduledExecutorService timer;
    private final long wakeUpDelayMs;

    public LockWaitManager(ScheduledExecutorService timer, long wakeUpDelayMs) {
        this.timer = timer;
        this.wakeUpDelayMs = wakeUpDelayMs;
    }

    /** Blocks until the lock on {@code key} is released or {@code timeoutMs} passes; true if woken. */
    public boolean await(byte[] key, long startTs, long timeoutMs) {
        Waiter w = new Waiter(startTs);
        queues.compute(key, (k, q) -> {
            PriorityQueue<Waiter> queue = q == null ? new PriorityQueue<>((a, b) -> Long.compare(a.startTs, b.startTs)) : q;
            queue.add(w);
            return queue;
        });
        try {
            return w.woken.await(Math.max(timeoutMs, 0), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            queues.computeIfPresent(key, (k, q) -> {
                q.remove(w);
                return q.isEmpty() ? null : q;
            });
        }
    }

    /** Called after a batch that unlocked {@code keys} was applied. */
    public void released(List<byte[]> keys) {
        for (byte[] key : keys) {
            PriorityQueue<Waiter>[] taken = new PriorityQueue[1];
            queues.computeIfPresent(key, (k, q) -> {
                taken[0] = new PriorityQueue<>(q);
                return q;
            });
            if (taken[0] == null) {
                continue;
            }
            Waiter head = taken[0].poll();
            if (head != null) {
                head.woken.countDown();
            }
            if (!taken[0].isEmpty()) {
                List<Waiter> rest = List.copyOf(taken[0]);
                timer.schedule(() -> rest.forEach(w -> w.woken.countDown()), wakeUpDelayMs, TimeUnit.MILLISECONDS);
            }
        }
    }
}
