package io.basalt.storage.tso;

import io.basalt.storage.concurrency.NoWaitScope;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The timestamp oracle: strictly increasing timestamps under any concurrency, never reused across restarts. A
 * high-water mark of the physical part is persisted a window ahead of use (as PD does); a restart resumes above it,
 * so a clock that went backwards cannot produce a timestamp handed out before. Thread-safe; allocation is a CAS.
 */
public final class TimestampOracle {
    private static final Logger LOG = LoggerFactory.getLogger(TimestampOracle.class);

    /** Durable storage for the high-water mark; {@code save} must be synced before it returns. */
    public interface HighWaterStore {
        long load();

        void save(long physicalMs);
    }

    private final AtomicLong last = new AtomicLong();
    private final HighWaterStore store;
    private final LongSupplier clockMs;
    private final long windowMs;
    private final Counter calls;
    private volatile long persistedLimitMs;

    public TimestampOracle(HighWaterStore store, LongSupplier clockMs, long windowMs, MeterRegistry registry) {
        this.store = store;
        this.clockMs = clockMs;
        this.windowMs = windowMs;
        this.calls = Counter.builder("basalt.tso.calls").description("timestamps allocated").register(registry);
        long saved = store.load();
        long start = Math.max(clockMs.getAsLong(), saved + 1);
        last.set(Timestamps.compose(start, 0));
        persistedLimitMs = start + windowMs;
        store.save(persistedLimitMs);
        LOG.info("timestamp oracle resumes at physical {} ms (persisted high-water was {})", start, saved);
    }

    /** A fresh timestamp, greater than every timestamp returned before (also before a restart). */
    public long next() {
        calls.increment();
        while (true) {
            long prev = last.get();
            long now = Timestamps.compose(clockMs.getAsLong(), 0);
            long candidate = Math.max(prev + 1, now);
            if (Timestamps.physical(candidate) >= persistedLimitMs) {
                extendWindow(Timestamps.physical(candidate));
                continue;
            }
            if (last.compareAndSet(prev, candidate)) {
                return candidate;
            }
        }
    }

    /**
     * Makes every later timestamp exceed {@code ts}: called with calculated commit timestamps (max_ts + 1 can run
     * ahead of the oracle), so a transaction that begins after a commit was acknowledged always sees it.
     */
    public void observe(long ts) {
        if (Timestamps.physical(ts) >= persistedLimitMs) {
            extendWindow(Timestamps.physical(ts));
        }
        last.accumulateAndGet(ts, Math::max);
    }

    /** The last timestamp handed out; cheap, for TTL checks that need no fresh timestamp. */
    public long current() {
        return last.get();
    }

    /**
     * "Now" for lock TTLs and transaction ages: the later of the last timestamp handed out and the clock. Never
     * allocated, so never use it as a start or commit ts. Unlike {@link #current()} it advances in an idle store:
     * a lock's TTL expires even when nobody else asks the oracle for timestamps (a lone reader or writer waiting
     * on an abandoned lock would otherwise wait forever).
     */
    public long now() {
        return Math.max(last.get(), Timestamps.compose(clockMs.getAsLong(), 0));
    }

    /** Refuses a thread that must not wait before it can queue for the monitor behind another thread's fsync. */
    private void extendWindow(long physicalMs) {
        NoWaitScope.refuse("the timestamp window's fsync");
        synchronized (this) {
            if (physicalMs >= persistedLimitMs) {
                long limit = physicalMs + windowMs;
                store.save(limit);
                persistedLimitMs = limit;
            }
        }
    }
}
