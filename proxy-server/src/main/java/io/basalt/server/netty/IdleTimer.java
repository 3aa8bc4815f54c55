package io.basalt.server.netty;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * wait_timeout of one logged-in connection, checked lazily: the worker only notes when each command finished, and
 * one timer on the event loop compares that with the timeout when it fires and schedules itself again for the rest.
 * (Re-arming a timer after every command cost an event-loop task per statement.) The timer is re-armed only when the
 * session's timeout changes (login, {@code SET wait_timeout}).
 *
 * <p>Thread-safety: {@link #caughtUp} on the thread owning the connection's queue (a worker, or the event loop after
 * a read it ran itself); everything else on the event loop.
 */
final class IdleTimer {
    private final EventLoop eventLoop;
    private final BooleanSupplier busy;
    private final Runnable onIdle;
    /** Written by the thread that owns the connection's queue, before it lets go. */
    private volatile long lastActiveNanos;
    private volatile long timeoutNanos;
    private ScheduledFuture<?> check;
    private boolean stopped;

    /**
     * @param busy   whether a command is queued or running (never idle then)
     * @param onIdle closes the connection
     */
    IdleTimer(EventLoop eventLoop, BooleanSupplier busy, Runnable onIdle) {
        this.eventLoop = eventLoop;
        this.busy = busy;
        this.onIdle = onIdle;
    }

    /** A command finished and none is left; {@code timeoutSeconds} is the session's wait_timeout now, 0 for none. */
    void caughtUp(long timeoutSeconds) {
        lastActiveNanos = System.nanoTime();
        long timeout = TimeUnit.SECONDS.toNanos(timeoutSeconds);
        if (timeout != timeoutNanos) {
            timeoutNanos = timeout;
            eventLoop.execute(this::rearm);
        }
    }

    /** The connection is closing: no more checks. */
    void stop() {
        stopped = true;
        cancel();
    }

    private void rearm() {
        cancel();
        schedule(timeoutNanos);
    }

    private void fire() {
        check = null;
        long timeout = timeoutNanos;
        if (timeout == 0) {
            return;
        }
        if (busy.getAsBoolean()) {
            schedule(timeout);
            return;
        }
        long idle = System.nanoTime() - lastActiveNanos;
        if (idle >= timeout) {
            onIdle.run();
        } else {
            schedule(timeout - idle);
        }
    }

    private void schedule(long delayNanos) {
        if (!stopped && timeoutNanos > 0) {
            check = eventLoop.schedule(this::fire, delayNanos, TimeUnit.NANOSECONDS);
        }
    }

    private void cancel() {
        if (check != null) {
            check.cancel(false);
            check = null;
        }
    }
}
