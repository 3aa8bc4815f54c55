package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Key latches. Waits here are bounded only to turn a deadlock into a failure; no assertion depends on timing.
 */
class LatchesTest {
    private static final int SLOTS = 1024;
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    static byte[] key(int i) {
        return new byte[] {(byte) i};
    }

    static int slot(byte[] k) {
        return Math.floorMod(KeyHash.forSlots(k), SLOTS);
    }

    @Test
    void secondAcquirerOfTheSameKeyWaitsForTheFirst() throws Exception {
        Latches latches = new Latches(SLOTS);
        Latches.Guard held = latches.acquire(List.of(key(1)));
        assertWaitsUntilClosed(latches, held, List.of(key(2), key(1)));
    }

    @Test
    void differentKeysDoNotBlockEachOther() throws Exception {
        Latches latches = new Latches(SLOTS);
        byte[] a = key(1);
        byte[] b = key(2);
        assertThat(slot(a)).isNotEqualTo(slot(b)); // precondition of the test, not of the latches
        try (Latches.Guard held = latches.acquire(List.of(a))) {
            Future<?> f = pool.submit(() -> {
                latches.acquire(List.of(b)).close();
                return null;
            });
            f.get(10, TimeUnit.SECONDS); // would time out if "b" waited for "a"
        }
    }

    @Test
    void rowKeysThatArraysHashCodeConfusesDoNotShareALatch() throws Exception {
        Latches latches = new Latches(4096);
        byte[] a = KeyHashTest.rowKey(7, 1000);
        byte[] b = KeyHashTest.rowKey(7, 1225); // last two bytes (+1, -31): one value for 31 * h + b
        assertThat(Arrays.hashCode(a)).isEqualTo(Arrays.hashCode(b)); // why these two
        try (Latches.Guard held = latches.acquire(List.of(a));
             NoWaitScope ignored = NoWaitScope.enter(1)) {
            latches.acquire(List.of(b)).close(); // refused if b's slot were a's
        }
    }

    @Test
    void sameKeyTwiceInOneCallDoesNotSelfDeadlockAndIsFullyReleased() throws Exception {
        Latches latches = new Latches(SLOTS);
        byte[] k = key(7);
        Future<?> f = pool.submit(() -> {
            latches.acquire(List.of(k, k.clone(), key(8), k)).close();
            return null;
        });
        f.get(10, TimeUnit.SECONDS);
        // after close, another thread can take the key: nothing was left locked by the duplicate entries
        Future<?> g = pool.submit(() -> {
            latches.acquire(List.of(k)).close();
            return null;
        });
        g.get(10, TimeUnit.SECONDS);
    }

    @Test
    void manyKeysWithRepeatsAreAllTakenAndAllReleased() throws Exception {
        Latches latches = new Latches(SLOTS);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            keys.add(key(i));
            keys.add(key(19 - i)); // every key twice, in both orders: more slots than the first guess of 8
        }
        Latches.Guard held = latches.acquire(keys);
        assertWaitsUntilClosed(latches, held, List.of(key(17))); // a key past the eighth is latched too
        for (int i = 0; i < 20; i++) {
            byte[] k = key(i);
            pool.submit(() -> {
                latches.acquire(List.of(k)).close();
                return null;
            }).get(10, TimeUnit.SECONDS); // would time out if close left a slot locked
        }
    }

    @Test
    void keysSharingASlotAreSafeToTakeTogether() throws Exception {
        Latches latches = new Latches(1); // every key maps to the same slot
        Future<?> f = pool.submit(() -> {
            latches.acquire(List.of(key(1), key(2), key(3))).close();
            return null;
        });
        f.get(10, TimeUnit.SECONDS);
        Future<?> g = pool.submit(() -> {
            latches.acquire(List.of(key(4))).close();
            return null;
        });
        g.get(10, TimeUnit.SECONDS);
    }

    @Test
    void emptyKeySetIsANoOp() {
        Latches latches = new Latches(SLOTS);
        latches.acquire(List.of()).close();
    }

    @Test
    void commandsOnOverlappingKeySetsRunOneAtATimeWithoutDeadlock() throws Exception {
        Latches latches = new Latches(SLOTS);
        int threads = 8;
        int rounds = 2000;
        int[] counter = new int[1]; // deliberately unsynchronised: only the latches protect it
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger maxInside = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            futures.add(pool.submit(() -> {
                go.await();
                for (int i = 0; i < rounds; i++) {
                    // every command includes the shared key 0, plus keys in a thread-dependent order, so
                    // two commands often want the same latches in opposite orders
                    List<byte[]> keys = (id + i) % 2 == 0
                            ? List.of(key(30 + id % 3), key(0), key(20))
                            : List.of(key(20), key(0), key(30 + (id + 1) % 3));
                    try (Latches.Guard g = latches.acquire(keys)) {
                        int now = inside.incrementAndGet();
                        maxInside.accumulateAndGet(now, Math::max);
                        int v = counter[0];
                        Thread.onSpinWait();
                        counter[0] = v + 1;
                        inside.decrementAndGet();
                    }
                }
                return null;
            }));
        }
        go.countDown();
        for (Future<?> f : futures) {
            f.get(60, TimeUnit.SECONDS);
        }
        assertThat(maxInside.get()).isEqualTo(1);
        assertThat(counter[0]).isEqualTo(threads * rounds);
    }

    @Test
    void insideANoWaitScopeALatchHeldElsewhereIsRefusedAndNoKeyStaysLatched() throws Exception {
        Latches latches = new Latches(SLOTS);
        boolean inOrder = slot(key(1)) < slot(key(2)); // the free key's slot first, so it is taken before the refusal
        byte[] free = inOrder ? key(1) : key(2);
        byte[] busy = inOrder ? key(2) : key(1);
        assertThat(slot(free)).isLessThan(slot(busy));
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = pool.submit(() -> {
            try (Latches.Guard g = latches.acquire(List.of(busy))) {
                holding.countDown();
                release.await();
            }
            return null;
        });
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
        Future<Throwable> attempt = pool.submit(() -> {
            try (NoWaitScope ignored = NoWaitScope.enter(1)) {
                latches.acquire(List.of(free, busy)).close();
                return null;
            } catch (WouldBlockException e) {
                return e;
            }
        });
        assertThat(attempt.get(10, TimeUnit.SECONDS)).isInstanceOf(WouldBlockException.class);
        pool.submit(() -> {
            latches.acquire(List.of(free)).close();
            return null;
        }).get(10, TimeUnit.SECONDS); // would time out if the refused acquire had kept "free"
        release.countDown();
        holder.get(10, TimeUnit.SECONDS);
        try (NoWaitScope ignored = NoWaitScope.enter(1)) {
            latches.acquire(List.of(free, busy)).close();
        }
    }

    @Test
    void aGuardClosedByAnotherThreadReleasesItsKeys() throws Exception {
        Latches latches = new Latches(SLOTS);
        Latches.Guard held = latches.acquire(List.of(key(3)));
        pool.submit(held::close).get(10, TimeUnit.SECONDS);
        pool.submit(() -> {
            latches.acquire(List.of(key(3))).close();
            return null;
        }).get(10, TimeUnit.SECONDS); // would time out if only the acquiring thread could release the slot
    }

    @Test
    void theThreadHoldingALatchDoesNotTakeItAgainForAnotherCommand() {
        Latches latches = new Latches(SLOTS);
        Latches.Guard staged = latches.acquire(List.of(key(4)));
        try (NoWaitScope ignored = NoWaitScope.enter(1)) {
            assertThatThrownBy(() -> latches.acquire(List.of(key(4))))
                    .isInstanceOf(WouldBlockException.class);
        }
        staged.close();
        try (NoWaitScope ignored = NoWaitScope.enter(1)) {
            latches.acquire(List.of(key(4))).close();
        }
    }

    /** Acquiring {@code keys} from another thread blocks while {@code held} is open and goes on once it is closed. */
    private void assertWaitsUntilClosed(Latches latches, Latches.Guard held, List<byte[]> keys) throws Exception {
        AtomicBoolean entered = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(1);
        Thread[] waiter = new Thread[1];
        Future<?> f = pool.submit(() -> {
            waiter[0] = Thread.currentThread();
            started.countDown();
            try (Latches.Guard g = latches.acquire(keys)) {
                entered.set(true);
            }
            return null;
        });
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        awaitParked(waiter[0]);
        assertThat(entered).as("entered while the latch was held").isFalse();
        held.close();
        f.get(10, TimeUnit.SECONDS);
        assertThat(entered).isTrue();
    }

    /** Waits until {@code t} blocks (parked on a lock). */
    private static void awaitParked(Thread t) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("thread never blocked; state " + t.getState());
            }
            Thread.sleep(1);
        }
    }
}
