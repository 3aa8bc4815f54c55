package io.basalt.benchmarks.sysbench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The background client of the large-transaction experiment: on its own thread, runs one statement every
 * {@code periodSeconds} (at period, 2 × period, … after {@code t0}; late when the previous one ran longer) and records
 * when each ran, in seconds since {@code t0}, so the per-second sysbench figures can be lined up with the commits.
 * The owner starts it, then calls {@link #finish()} once, from the thread that started it.
 */
final class LargeUpdateClient {
    /** One execution of the statement, in seconds since t0. */
    record Window(double start, double end) {
    }

    private final DbServer server;
    private final String sql;
    private final long t0Nanos;
    private final int periodSeconds;
    private final int lastStartSecond;
    private final List<Window> windows = new ArrayList<>();
    private final Thread thread;
    private volatile RuntimeException failure;

    /**
     * @param lastStartSecond no execution starts after this many seconds since t0 (so the last one ends while sysbench
     *                        still measures)
     */
    LargeUpdateClient(DbServer server, String sql, long t0Nanos, int periodSeconds, int lastStartSecond) {
        this.server = server;
        this.sql = sql;
        this.t0Nanos = t0Nanos;
        this.periodSeconds = periodSeconds;
        this.lastStartSecond = lastStartSecond;
        this.thread = new Thread(this::loop, "large-update-" + server.name());
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Waits for the last execution and returns all of them in order; rethrows the statement's failure. */
    List<Window> finish() {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        if (failure != null) {
            throw failure;
        }
        return List.copyOf(windows);
    }

    private void loop() {
        try {
            for (int k = 1; k * periodSeconds <= lastStartSecond; k++) {
                long due = t0Nanos + TimeUnit.SECONDS.toNanos((long) k * periodSeconds);
                LockSupport.parkNanos(due - System.nanoTime());
                double start = seconds();
                if (start > lastStartSecond) {
                    return;
                }
                SqlCli.execute(server, sql);
                windows.add(new Window(start, seconds()));
            }
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    private double seconds() {
        return (System.nanoTime() - t0Nanos) / 1e9;
    }
}
