package io.basalt.storage.shard;

import io.basalt.storage.concurrency.NoWaitScope;
import java.util.Arrays;
import java.util.concurrent.Semaphore;

/**
 * Per-shard key latches: commands touching the same keys on a shard run one after the other. Keys hash to a fixed
 * set of slots, acquired in ascending slot order so two commands never deadlock on latches. Held only for the
 * duration of one command (read snapshot, compute, write batch), never across a wait for another transaction.
 *
 * <p>A slot belongs to a command, not to a thread: a staged command's latches are released by the thread that
 * writes its batch ({@code CommitWriter}), and the event loop that staged it may meanwhile stage another command,
 * which must find those slots taken (a reentrant lock would let the same thread in twice).
 */
public final class Latches {
    private final Semaphore[] slots;

    public Latches(int slotCount) {
        slots = new Semaphore[slotCount];
        for (int i = 0; i < slotCount; i++) {
            slots[i] = new Semaphore(1);
        }
    }

    /** Acquires the latches of {@code keys}; close the guard to release them. */
    public Guard acquire(Iterable<byte[]> keys) {
        int[] idx = new int[8];
        int n = 0;
        for (byte[] k : keys) {
            if (n == idx.length) {
                idx = Arrays.copyOf(idx, n * 2);
            }
            idx[n++] = Math.floorMod(KeyHash.forSlots(k), slots.length);
        }
        Arrays.sort(idx, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct == 0 || idx[i] != idx[distinct - 1]) {
                idx[distinct++] = idx[i];
            }
        }
        if (NoWaitScope.active()) {
            return tryAcquire(idx, distinct);
        }
        for (int i = 0; i < distinct; i++) {
            slots[idx[i]].acquireUninterruptibly();
        }
        return new Guard(idx, distinct);
    }

    /** Inside a {@link NoWaitScope}: a latch another command holds (through a synced write, say) is not waited for. */
    private Guard tryAcquire(int[] idx, int distinct) {
        for (int i = 0; i < distinct; i++) {
            if (!slots[idx[i]].tryAcquire()) {
                new Guard(idx, i).close();
                NoWaitScope.refuse("a key latch another command holds");
            }
        }
        return new Guard(idx, distinct);
    }

    /** The latches of one command; release exactly once, from any thread, once the command is done. */
    public final class Guard implements AutoCloseable {
        private final int[] held;
        private final int count;

        /** Holds the first {@code count} slots of {@code held}, ascending. */
        private Guard(int[] held, int count) {
            this.held = held;
            this.count = count;
        }

        @Override
        public void close() {
            for (int i = count - 1; i >= 0; i--) {
                slots[held[i]].release();
            }
        }
    }
}
