package io.basalt.storage.txn;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;

/**
 * The store's timer: transaction heartbeats and lock-wait timeouts. Both are cancelled far more often than they
 * fire (a heartbeat when its transaction ends, a timeout when its lock is released), so a cancelled task leaves the
 * queue at once instead of waiting there until due: 5 s of cancelled heartbeats at 2,300 transactions a second kept
 * some 11,000 tasks in the queue's heap, and reordering it took 2 % of oltp_write_only's CPU. The store creates it
 * (thread {@code basalt-timer}) and shuts it down.
 */
public final class TxnTimer {
    private TxnTimer() {
    }

    /** @param thread makes the timer's one thread */
    public static ScheduledThreadPoolExecutor create(ThreadFactory thread) {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, thread);
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
