package io.basalt.server.netty;

import io.netty.util.concurrent.DefaultThreadFactory;

import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The statement workers' threads (how many statements run at once is {@link StatementAdmission}'s call): a task goes
 * to an idle worker if there is one, else to a new thread, and waits in a queue only when {@code maxThreads} are busy.
 * (A plain ThreadPoolExecutor with a core size would start a thread per task up to the core size even while others
 * sit idle.) Idle workers end after a minute, so idle connections hold no thread.
 */
final class WorkerPool {
    private static final long KEEP_ALIVE_SECONDS = 60;

    private WorkerPool() {
    }

    static ThreadPoolExecutor create(int maxThreads) {
        HandOffQueue queue = new HandOffQueue();
        return new ThreadPoolExecutor(0, maxThreads, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, queue,
                new DefaultThreadFactory("basalt-worker", true), (task, pool) -> {
                    if (pool.isShutdown()) {
                        throw new RejectedExecutionException("the server is shutting down");
                    }
                    queue.enqueue(task);
                });
    }

    /**
     * Accepts a task only if an idle worker takes it at once; otherwise the executor starts a thread, and when it is
     * at its maximum the rejection handler queues the task for the next free worker.
     */
    private static final class HandOffQueue extends LinkedTransferQueue<Runnable> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean offer(Runnable task) {
            return tryTransfer(task);
        }

        void enqueue(Runnable task) {
            super.offer(task);
        }
    }
}
