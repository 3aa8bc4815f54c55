package io.basalt.server.netty;

import io.basalt.storage.concurrency.BlockingHint;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Admits connections' work (an {@link InboundQueue} drain: the commands a connection has queued) to the worker
 * threads so that at most {@code limit} statements run at once, as MariaDB's thread pool does. A statement that waits
 * for another session (a row or metadata lock), in SLEEP or for a slow client (see {@link BlockingHint}) gives its
 * place up meanwhile and takes it back without waiting, so the count may briefly exceed the limit; waiters therefore
 * never hold back the statements they wait for. A commit waiting for its fsync keeps its place: letting those go
 * uncounted let hundreds of commits pile up again. Work beyond the limit waits in arrival order, so many connections
 * take turns on the cores instead of all competing for them at once; a worker that finishes runs the next waiting
 * work itself.
 *
 * <p>Thread-safe: {@link #execute} runs on event loops, the rest on worker threads.
 */
final class StatementAdmission implements Executor {
    private final Executor threads;
    private final int limit;
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger queued = new AtomicInteger();
    private final Queue<Runnable> waiting = new ConcurrentLinkedQueue<>();
    private final BlockingHint.Listener listener = new BlockingHint.Listener() {
        @Override
        public void blockingBegins() {
            release();
        }

        @Override
        public void blockingEnds() {
            running.incrementAndGet();
        }
    };

    /**
     * @param threads runs admitted work; it must accept as many tasks as there are connections (one each at most)
     * @param limit   statements running at once
     */
    StatementAdmission(Executor threads, int limit) {
        this.threads = threads;
        this.limit = limit;
    }

    /**
     * Runs {@code task} on a worker now if there is room, else once running statements finish or wait.
     *
     * @throws RejectedExecutionException the workers are shut down (the caller then finishes the task itself)
     */
    @Override
    public void execute(Runnable task) {
        if (waiting.isEmpty() && tryTakePlace()) {
            start(task);
            return;
        }
        queued.incrementAndGet();
        waiting.add(task);
        admitWaiting();
    }

    /** Statements running now (waiting ones not counted). */
    int running() {
        return running.get();
    }

    /** Connections whose work waits for a place. */
    int queued() {
        return queued.get();
    }

    private boolean tryTakePlace() {
        while (true) {
            int r = running.get();
            if (r >= limit) {
                return false;
            }
            if (running.compareAndSet(r, r + 1)) {
                return true;
            }
        }
    }

    /** Called after a place may have freed or work was queued; both sides re-check, so no wake-up is lost. */
    private void admitWaiting() {
        while (!waiting.isEmpty() && tryTakePlace()) {
            Runnable next = waiting.poll();
            if (next == null) {
                running.decrementAndGet();
                continue;
            }
            queued.decrementAndGet();
            try {
                start(next);
            } catch (RejectedExecutionException e) {
                // shutting down: the connection still has to be finished (closed), here as on the event loop
                next.run();
            }
        }
    }

    private void start(Runnable task) {
        try {
            threads.execute(() -> run(task));
        } catch (RejectedExecutionException e) {
            running.decrementAndGet();
            throw e;
        }
    }

    /**
     * Runs the task and then, while work waits and the limit allows, the next waiting task on this same thread with
     * the same place: handing it to another worker would wake that one and park this one, two context switches per
     * statement whenever connections outnumber the places.
     */
    private void run(Runnable task) {
        BlockingHint.install(listener);
        Runnable next = task;
        try {
            while (next != null) {
                next.run();
                next = nextInThisPlace();
            }
        } finally {
            BlockingHint.install(null);
            if (next != null) {
                release(); // a task failed: its place goes
            }
        }
    }

    /** At the end of a task: the waiting task that inherits its place, or null once the place is given up. */
    private Runnable nextInThisPlace() {
        if (running.get() <= limit) {
            Runnable next = waiting.poll();
            if (next != null) {
                queued.decrementAndGet();
                return next;
            }
        }
        release();
        return null;
    }

    private void release() {
        running.decrementAndGet();
        admitWaiting();
    }
}
