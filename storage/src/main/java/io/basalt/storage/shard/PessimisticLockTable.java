package io.basalt.storage.shard;

import java.util.Arrays;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * The pessimistic locks of one shard that live only in memory, as TiKV keeps them (DESIGN §3.6): user key →
 * encoded lock, the same bytes the lock column family would hold. A pessimistic lock needs no durability (losing
 * one in a crash only aborts a transaction that was never acknowledged), and keeping it out of RocksDB keeps the
 * lock write of every DML statement out of the shard's write queue, where it waited behind fsync groups.
 *
 * <p>A key has its lock either here or in the lock column family, never both: {@link
 * io.basalt.storage.mvcc.MvccTxn} puts a pessimistic lock here only when {@link LockedKeys} names no persisted lock
 * for the key and the table is under its memory budget, otherwise it persists it as before, and it removes the entry
 * after the batch that replaces it (a prewrite lock) or releases it was written. Changes happen under the keys'
 * latches; reads are lock-free. The budget is approximate (concurrent puts on different keys may overshoot it by a
 * few entries). Thread-safe.
 */
public final class PessimisticLockTable {
    /** Rough per-entry cost of the skip-list node, index levels and array headers, for the memory budget. */
    private static final int ENTRY_OVERHEAD_BYTES = 96;

    private final ConcurrentSkipListMap<byte[], byte[]> locks = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
    private final long budgetBytes;
    private final AtomicLong usedBytes = new AtomicLong();
    private final AtomicLong count = new AtomicLong();

    /** @param budgetBytes memory the table may use; 0 keeps every pessimistic lock in the lock column family */
    public PessimisticLockTable(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /** The encoded lock of {@code key}, or null. */
    public byte[] get(byte[] key) {
        return locks.get(key);
    }

    /** Whether a lock of these sizes still fits the budget. */
    public boolean hasRoomFor(byte[] key, byte[] encodedLock) {
        return usedBytes.get() + cost(key, encodedLock) <= budgetBytes;
    }

    public void put(byte[] key, byte[] encodedLock) {
        byte[] old = locks.put(key, encodedLock);
        usedBytes.addAndGet(cost(key, encodedLock) - (old == null ? 0 : cost(key, old)));
        if (old == null) {
            count.incrementAndGet();
        }
    }

    public void remove(byte[] key) {
        byte[] old = locks.remove(key);
        if (old != null) {
            usedBytes.addAndGet(-cost(key, old));
            count.decrementAndGet();
        }
    }

    /** Whether any key in [start, end) (end empty = unbounded) holds a lock here. */
    public boolean anyIn(byte[] start, byte[] end) {
        var range = end.length == 0 ? locks.tailMap(start, true) : locks.subMap(start, end);
        return !range.isEmpty();
    }

    /** Calls {@code action} with every key and encoded lock (weakly consistent, ascending). */
    public void forEach(BiConsumer<byte[], byte[]> action) {
        locks.forEach(action);
    }

    /** Number of locks held (the map's own size() is O(n)), for the gauge. */
    public long count() {
        return count.get();
    }

    /** Approximate bytes held, for the gauge. */
    public long usedBytes() {
        return usedBytes.get();
    }

    private static long cost(byte[] key, byte[] encodedLock) {
        return (long) key.length + encodedLock.length + ENTRY_OVERHEAD_BYTES;
    }
}
