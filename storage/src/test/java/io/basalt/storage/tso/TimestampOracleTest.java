package io.basalt.storage.tso;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** The timestamp oracle: strictly increasing, unique across threads, never reused across restarts. */
class TimestampOracleTest {
    private static final long WINDOW_MS = 3000;
    private static final long T0 = 1_700_000_000_000L;

    /** An in-memory "durable" high-water mark that records every save. */
    static final class MemoryHighWater implements TimestampOracle.HighWaterStore {
        final List<Long> saves = new ArrayList<>();
        volatile long saved;

        @Override
        public synchronized long load() {
            return saved;
        }

        @Override
        public synchronized void save(long physicalMs) {
            saves.add(physicalMs);
            saved = physicalMs;
        }
    }

    static TimestampOracle oracle(MemoryHighWater store, LongSupplier clock) {
        return new TimestampOracle(store, clock, WINDOW_MS, new SimpleMeterRegistry());
    }

    @Test
    void strictlyIncreasingAndUniqueAcrossThreads() throws Exception {
        MemoryHighWater store = new MemoryHighWater();
        // A clock that advances 1 ms every 1000 reads: many timestamps share a millisecond (logical part),
        // and 400k calls also pass the 2^18 logical range, so physical runs ahead of the clock.
        AtomicLong reads = new AtomicLong();
        LongSupplier clock = () -> T0 + reads.getAndIncrement() / 1000;
        TimestampOracle tso = oracle(store, clock);
        int threads = 8;
        int perThread = 50_000;
        long[][] got = new long[threads][perThread];
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long[] mine = got[t];
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        mine[i] = tso.next();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        long[] all = new long[threads * perThread];
        for (int t = 0; t < threads; t++) {
            for (int i = 1; i < perThread; i++) {
                assertThat(got[t][i]).as("thread %d call %d", t, i).isGreaterThan(got[t][i - 1]);
            }
            System.arraycopy(got[t], 0, all, t * perThread, perThread);
        }
        Arrays.sort(all);
        for (int i = 1; i < all.length; i++) {
            assertThat(all[i]).as("duplicate timestamp").isNotEqualTo(all[i - 1]);
        }
        assertThat(Timestamps.physical(all[all.length - 1])).isLessThan(store.saved);
        assertThat(tso.current()).isEqualTo(all[all.length - 1]);
    }

    @Test
    void restartResumesAboveEverythingHandedOutEvenIfTheClockWentBack() {
        MemoryHighWater store = new MemoryHighWater();
        AtomicLong now = new AtomicLong(T0);
        TimestampOracle first = oracle(store, now::get);
        long maxBefore = 0;
        for (int i = 0; i < 20_000; i++) {
            if (i % 1000 == 0) {
                now.addAndGet(700); // the clock runs far enough to move the window several times
            }
            maxBefore = Math.max(maxBefore, first.next());
        }
        // "restart": a new oracle on the same durable store, with the clock 10 s behind
        now.set(Timestamps.physical(maxBefore) - 10_000);
        TimestampOracle second = oracle(store, now::get);
        assertThat(second.current()).isGreaterThan(maxBefore);
        long prev = 0;
        for (int i = 0; i < 10_000; i++) {
            long ts = second.next();
            assertThat(ts).isGreaterThan(maxBefore).isGreaterThan(prev);
            prev = ts;
        }
        // and a second restart right away (clock still behind) is above the second run
        TimestampOracle third = oracle(store, now::get);
        assertThat(third.next()).isGreaterThan(prev);
    }

    @Test
    void restartWithoutAnyCallStillMovesForward() {
        MemoryHighWater store = new MemoryHighWater();
        AtomicLong now = new AtomicLong(T0);
        long a = oracle(store, now::get).next();
        now.addAndGet(-10_000);
        long b = oracle(store, now::get).next();
        now.addAndGet(-10_000);
        long c = oracle(store, now::get).next();
        assertThat(b).isGreaterThan(a);
        assertThat(c).isGreaterThan(b);
    }

    @Test
    void observedTimestampsAreExceededAlsoAfterRestart() {
        MemoryHighWater store = new MemoryHighWater();
        AtomicLong now = new AtomicLong(T0);
        TimestampOracle tso = oracle(store, now::get);
        long base = tso.next();
        // a calculated commit ts slightly ahead (same window) and one far ahead of the persisted window
        long near = base + 5;
        tso.observe(near);
        assertThat(tso.next()).isGreaterThan(near);
        long far = Timestamps.compose(T0 + 60_000, 17);
        tso.observe(far);
        assertThat(Timestamps.physical(far)).isLessThan(store.saved);
        long after = tso.next();
        assertThat(after).isGreaterThan(far);
        // observing something older changes nothing
        tso.observe(base);
        assertThat(tso.next()).isGreaterThan(after);
        // restart with the clock still at T0: must not reuse anything up to the observed ts
        TimestampOracle restarted = oracle(store, now::get);
        assertThat(restarted.next()).isGreaterThan(after);
    }

    @Test
    void highWaterIsSavedBeforeThePhysicalPartReachesIt() {
        MemoryHighWater store = new MemoryHighWater();
        AtomicLong now = new AtomicLong(T0);
        TimestampOracle tso = oracle(store, now::get);
        assertThat(store.saves).as("persisted before serving").hasSize(1);
        assertThat(store.saved).isGreaterThan(T0);
        int calls = 0;
        for (int step = 0; step < 20_000; step++) {
            now.addAndGet(step % 7 == 0 ? 3 : 0);
            if (step % 5000 == 4999) {
                now.addAndGet(-2000); // clock steps back now and then
            }
            long ts = tso.next();
            calls++;
            // every timestamp handed out lies strictly below what is durable at the time it is returned
            assertThat(Timestamps.physical(ts)).isLessThan(store.saved);
        }
        // saves are amortised over the window, not done per call
        long span = Timestamps.physical(tso.current()) - T0;
        assertThat(store.saves.size()).isLessThanOrEqualTo((int) (span / WINDOW_MS) + 2).isLessThan(calls / 100);
        // the saved bounds only grow
        for (int i = 1; i < store.saves.size(); i++) {
            assertThat(store.saves.get(i)).isGreaterThan(store.saves.get(i - 1));
        }
    }

    @Test
    void logicalOverflowCarriesIntoPhysicalAndStaysBelowTheSavedBound() {
        MemoryHighWater store = new MemoryHighWater();
        TimestampOracle tso = oracle(store, () -> T0); // a frozen clock
        long prev = 0;
        int n = (int) Timestamps.MAX_LOGICAL * 3;
        for (int i = 0; i < n; i++) {
            long ts = tso.next();
            assertThat(ts > prev).isTrue();
            assertThat(Timestamps.physical(ts) < store.saved).isTrue();
            prev = ts;
        }
        assertThat(Timestamps.physical(prev)).isGreaterThanOrEqualTo(T0 + 2);
    }

    @Test
    void timestampLayout() {
        long ts = Timestamps.compose(T0, 5);
        assertThat(Timestamps.physical(ts)).isEqualTo(T0);
        assertThat(Timestamps.logical(ts)).isEqualTo(5);
        assertThat(Timestamps.compose(T0, Timestamps.MAX_LOGICAL) + 1).isEqualTo(Timestamps.compose(T0 + 1, 0));
    }
}
