package io.basalt.server.netty;

import io.basalt.sql.engine.NoWaitResult;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The inbound messages of one connection on their way from its event loop to the shared worker pool: processed one
 * at a time, in arrival order, by at most one worker at a time; nothing is dropped. An idle connection holds no
 * thread.
 *
 * <p>Back-pressure: a client that waits for each reply (every MySQL client, almost always) never has a message
 * queued behind a running one, and the channel keeps reading. A message that arrives while the previous one is still
 * queued or running means the client pipelines: the channel stops reading (autoRead off) until the queue drains, so
 * further commands wait in the kernel's buffer rather than in memory. Turning autoRead off and on for every command
 * instead cost two {@code epoll_ctl} calls and an event-loop task per statement.
 *
 * <p>A message that can be processed without waiting (a plain read, an in-transaction write, BEGIN or COMMIT of a
 * transaction holding nothing; see {@link Processor#processWithoutWaiting}) is
 * processed by the event loop itself when the queue is idle: handing it to a worker and the reply back costs two
 * thread wake-ups, more than such a statement's own work. One whose commit is on its way to the disk (an
 * autocommit write) is left pending: the queue stays owned by it, holding back the messages behind it, until its
 * outcome is known; the event loop then finishes it (replies, or hands it to a worker) and goes on.
 *
 * <p>Thread-safety: {@link #add} and the resumption of reading on the channel's event loop; draining on a worker
 * (or on the event loop itself, for messages that need no waiting, while it owns the queue).
 * The event loop writes {@code readingPaused} and then reads {@code scheduled}; the worker writes {@code scheduled}
 * and then reads {@code readingPaused}: whichever comes second sees the other's write, so reading always resumes.
 */
final class InboundQueue {
    /**
     * Consumes the messages; every method runs on the thread that owns the queue at the time: the draining worker, or
     * the event loop for {@link #processWithoutWaiting} and the {@link #caughtUp} after it.
     */
    interface Processor {
        void process(Object message);

        /**
         * On the event loop: processes the message there if that needs no waiting, or leaves it pending;
         * {@link NoWaitResult#HAND_OFF}, with the message untouched, when a worker must {@link #process} it. A pending
         * result is finished on the event loop once settled, and may hand off then.
         */
        NoWaitResult processWithoutWaiting(Object message);

        /** No message is left for now; called while the caller still owns the queue. */
        void caughtUp();
    }

    private static final Logger LOG = LoggerFactory.getLogger(InboundQueue.class);

    private final Channel channel;
    private final Executor workers;
    private final Processor processor;
    private final Queue<Object> messages = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile boolean readingPaused;

    InboundQueue(Channel channel, Executor workers, Processor processor) {
        this.channel = channel;
        this.workers = workers;
        this.processor = processor;
    }

    void add(Object message) {
        messages.add(message);
        if (scheduled.compareAndSet(false, true)) {
            processHereWithoutWaiting();
        } else if (!readingPaused) {
            readingPaused = true;
            channel.config().setAutoRead(false);
            resumeReading();
        }
    }

    /** Whether a worker owns the queue now. */
    boolean busy() {
        return scheduled.get();
    }

    /** On the event loop: reading goes on once the queue is idle (a no-op while it is not, or was never paused). */
    private void resumeReading() {
        if (readingPaused && !scheduled.get()) {
            readingPaused = false;
            channel.config().setAutoRead(true);
        }
    }

    /**
     * On the event loop, owning the queue: processes the queued messages that need no waiting, in order, and then
     * releases the queue once none is left; hands it to a worker at the first message one must take; leaves it to a
     * pending message until that one settles.
     */
    private void processHereWithoutWaiting() {
        Object message;
        while ((message = messages.peek()) != null) {
            NoWaitResult r = processWithoutWaitingSafely(message);
            if (r.isPending()) {
                r.settled().whenComplete((ignored, failure) -> finishOnEventLoop(r));
                return;
            }
            if (r == NoWaitResult.HAND_OFF) {
                handToWorker();
                return;
            }
            messages.poll();
        }
        processor.caughtUp();
        // only this event loop adds messages, so none can have come in since the queue was found empty
        scheduled.set(false);
        resumeReading();
    }

    /** From any thread, once a pending message settled: its finish, and what follows, on the event loop. */
    private void finishOnEventLoop(NoWaitResult pending) {
        try {
            channel.eventLoop().execute(() -> {
                if (finishSafely(pending)) {
                    messages.poll();
                    processHereWithoutWaiting();
                } else {
                    handToWorker();
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("event loop gone before a pending statement could be answered (shutdown)");
        }
    }

    private void handToWorker() {
        try {
            workers.execute(this::drain);
        } catch (RejectedExecutionException e) {
            // the server is shutting down and its workers are gone: finish (close) the connection here
            drain();
        }
    }

    private void drain() {
        while (true) {
            Object message;
            while ((message = messages.poll()) != null) {
                processSafely(message);
            }
            processor.caughtUp();
            scheduled.set(false);
            if (messages.isEmpty() || !scheduled.compareAndSet(false, true)) {
                if (readingPaused) {
                    channel.eventLoop().execute(this::resumeReading);
                }
                return;
            }
        }
    }

    private void processSafely(Object message) {
        try {
            processor.process(message);
        } catch (RuntimeException | Error e) {
            failed(e);
        }
    }

    private NoWaitResult processWithoutWaitingSafely(Object message) {
        try {
            return processor.processWithoutWaiting(message);
        } catch (RuntimeException | Error e) {
            failed(e);
            return NoWaitResult.DONE;
        }
    }

    private boolean finishSafely(NoWaitResult pending) {
        try {
            return pending.finish();
        } catch (RuntimeException | Error e) {
            failed(e);
            return true;
        }
    }

    /** The connection's protocol state is unknown now: cut it rather than answer out of step. */
    private void failed(Throwable e) {
        LOG.error("unexpected failure processing a client message; closing the connection", e);
        channel.close();
    }
}
