package io.basalt.server.netty;

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
 * at a time, in arrival order, by at most one worker at a time; nothing is dropped. While messages are pending or
 * being processed the channel stops reading from the socket (autoRead off), so pipelined commands wait in the
 * kernel's buffer rather than in memory; the {@link Processor} turns reading back on when the queue has drained.
 * An idle connection holds no thread.
 *
 * <p>Thread-safety: {@link #add} on the channel's event loop; draining on a worker.
 */
final class InboundQueue {
    /** Consumes the messages; all methods run on the draining worker. */
    interface Processor {
        void process(Object message);

        /** Read while the queue is still owned, after the last message: the idle timeout to arm, or 0 for none. */
        long idleTimeoutSeconds();

        /** The queue drained (it may already be busy again when this runs). */
        void drained(long idleTimeoutSeconds);
    }

    private static final Logger LOG = LoggerFactory.getLogger(InboundQueue.class);

    private final Channel channel;
    private final Executor workers;
    private final Processor processor;
    private final Queue<Object> messages = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();

    InboundQueue(Channel channel, Executor workers, Processor processor) {
        this.channel = channel;
        this.workers = workers;
        this.processor = processor;
    }

    void add(Object message) {
        messages.add(message);
        if (scheduled.compareAndSet(false, true)) {
            channel.config().setAutoRead(false);
            try {
                workers.execute(this::drain);
            } catch (RejectedExecutionException e) {
                // the server is shutting down and its workers are gone: finish (close) the connection here
                drain();
            }
        }
    }

    /** Whether a worker owns the queue now. */
    boolean busy() {
        return scheduled.get();
    }

    private void drain() {
        while (true) {
            Object message;
            while ((message = messages.poll()) != null) {
                processSafely(message);
            }
            long idle = processor.idleTimeoutSeconds();
            scheduled.set(false);
            if (messages.isEmpty() || !scheduled.compareAndSet(false, true)) {
                processor.drained(idle);
                return;
            }
        }
    }

    private void processSafely(Object message) {
        try {
            processor.process(message);
        } catch (RuntimeException | Error e) {
            // the connection's protocol state is unknown now: cut it rather than answer out of step
            LOG.error("unexpected failure processing a client message; closing the connection", e);
            channel.close();
        }
    }
}
