package io.basalt.storage.concurrency;

import io.basalt.storage.mvcc.Lock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * TiKV's concurrency manager, one per store process: {@code max_ts} (the largest timestamp any reader has used)
 * and the in-memory lock table that makes "read max_ts, compute min_commit_ts, publish the lock" atomic with respect
 * to readers. Readers must call, in this order: {@link #updateMaxTs}, then {@link #readKeyCheck}/
 * {@link #readRangeCheck}, then take their snapshot. Thread-safe.
 */
public final class ConcurrencyManager {
    private final AtomicLong maxTs;
    private final ConcurrentSkipListMap<byte[], KeyHandle> table = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);

    /**
     * 2PC transactions of this process being handed to the binlog, primary not yet committed: start ts -> commit ts
     * once the binlog holds them durably, 0 before.
     */
    private final java.util.concurrent.ConcurrentHashMap<Long, Long> committing =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Async-commit transactions of this process that are decided (every prewrite succeeded) but whose keys are still
     * locked, until the background commit has run: start ts -> commit ts. A transaction meeting one of their locks
     * commits that key itself instead of waiting for the binlog group and the background commit.
     */
    private final java.util.concurrent.ConcurrentHashMap<Long, Long> decided =
            new java.util.concurrent.ConcurrentHashMap<>();

    public ConcurrencyManager(long initialMaxTs) {
        this.maxTs = new AtomicLong(initialMaxTs);
    }

    public long maxTs() {
        return maxTs.get();
    }

    /** Raises max_ts to {@code ts}; {@link Long#MAX_VALUE} (a "read latest" point get) never raises it. */
    public void updateMaxTs(long ts) {
        if (ts != Long.MAX_VALUE) {
            maxTs.accumulateAndGet(ts, Math::max);
        }
    }

    /**
     * Registers the keys in the memory lock table (sorted, de-duplicated) and returns their guards. The caller
     * publishes locks through the guards and closes them once the persisted write is applied (or it failed).
     */
    public List<KeyGuard> lockKeys(List<byte[]> keys) {
        List<byte[]> sorted = new ArrayList<>(keys);
        sorted.sort(Arrays::compareUnsigned);
        List<KeyGuard> guards = new ArrayList<>(sorted.size());
        byte[] prev = null;
        for (byte[] k : sorted) {
            if (prev != null && Arrays.equals(prev, k)) {
                continue;
            }
            prev = k;
            KeyHandle h = table.compute(k, (key, existing) -> {
                KeyHandle handle = existing == null ? new KeyHandle() : existing;
                handle.refs++;
                return handle;
            });
            guards.add(new KeyGuard(k, h));
        }
        return guards;
    }

    /** Applies {@code check} to the memory lock of {@code key}, if any, atomically with respect to publishers. */
    public void readKeyCheck(byte[] key, BiConsumer<byte[], Lock> check) {
        KeyHandle h = table.get(key);
        if (h != null) {
            h.check(key, check);
        }
    }

    /** Applies {@code check} to every memory lock in [start, end) (end empty = unbounded). */
    public void readRangeCheck(byte[] start, byte[] end, BiConsumer<byte[], Lock> check) {
        Map<byte[], KeyHandle> range = end.length == 0 ? table.tailMap(start, true) : table.subMap(start, end);
        range.forEach((k, h) -> h.check(k, check));
    }

    /**
     * Marks a 2PC transaction whose coordinator is about to hand it to the binlog: from now on lock resolvers must
     * neither roll it back nor push its commit ts (its coordinator commits it, or restart recovery decides).
     */
    public void markCommitting(long startTs) {
        committing.put(startTs, 0L);
    }

    /**
     * The binlog durably holds the committing transaction at {@code commitTs}: from now on anyone may commit its
     * primary (a coordinator that died before doing so must not leave its keys locked until restart).
     */
    public void markDurable(long startTs, long commitTs) {
        committing.put(startTs, commitTs);
    }

    /** The commit ts of a committing transaction the binlog already holds, or 0. */
    public long durableCommitTs(long startTs) {
        return committing.getOrDefault(startTs, 0L);
    }

    public void clearCommitting(long startTs) {
        committing.remove(startTs);
    }

    public void markDecided(long startTs, long commitTs) {
        decided.put(startTs, commitTs);
    }

    /** The commit ts of a decided async-commit transaction whose keys may still be locked, or 0. */
    public long decidedCommitTs(long startTs) {
        return decided.getOrDefault(startTs, 0L);
    }

    public void clearDecided(long startTs) {
        decided.remove(startTs);
    }

    public boolean isCommitting(long startTs) {
        return committing.containsKey(startTs);
    }

    /** The smallest start_ts of any in-flight memory lock, or {@link Long#MAX_VALUE}. */
    public long globalMinLockTs() {
        long min = Long.MAX_VALUE;
        for (KeyHandle h : table.values()) {
            Lock l = h.current();
            if (l != null) {
                min = Math.min(min, l.startTs);
            }
        }
        return min;
    }

    private static final class KeyHandle {
        private int refs; // guarded by the table's compute
        private Lock lock; // guarded by this

        synchronized void set(Lock l) {
            lock = l;
        }

        synchronized Lock current() {
            return lock;
        }

        synchronized void check(byte[] key, BiConsumer<byte[], Lock> check) {
            if (lock != null) {
                check.accept(key, lock);
            }
        }
    }

    /** One key's entry in the memory lock table, owned by the prewrite that created it. */
    public final class KeyGuard implements AutoCloseable {
        private final byte[] key;
        private final KeyHandle handle;
        private boolean closed;

        private KeyGuard(byte[] key, KeyHandle handle) {
            this.key = key;
            this.handle = handle;
        }

        public byte[] key() {
            return key;
        }

        /**
         * Runs {@code compute} with max_ts and publishes the lock it returns, atomically for readers of this key.
         */
        public Lock publish(java.util.function.LongFunction<Lock> compute) {
            synchronized (handle) {
                Lock l = compute.apply(maxTs.get());
                handle.lock = l;
                return l;
            }
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            handle.set(null);
            table.computeIfPresent(key, (k, h) -> --h.refs == 0 ? null : h);
        }
    }
}
