package io.basalt.sql.catalog;

import io.basalt.storage.TxnStore;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.txn.Transaction;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * AUTO_INCREMENT values and hidden row ids, TiDB-style: each table's counter is persisted in a meta key and handed
 * out in cached batches ({@code batch} values per store round trip), so the common call is one atomic increment.
 * Counters are advanced in their own short transactions, never inside the user's, so a rolled-back insert does
 * not give its values back (as in MySQL); a restart skips the rest of the cached batch (as MySQL 8 and TiDB
 * document). auto_increment_increment / auto_increment_offset pick, as MariaDB does, the smallest value not below
 * the counter of the form offset + N × increment. Values are signed 64-bit: a BIGINT UNSIGNED counter does not go
 * past 2^63-1.
 *
 * <p>Thread-safe: concurrent {@link #next} calls get distinct values.
 */
public final class AutoIncrementAllocator {
    public static final int DEFAULT_BATCH = 1000;

    private final TxnStore store;
    private final int batch;
    private final ConcurrentHashMap<Long, TableCounter> autoIncrement = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, TableCounter> rowIds = new ConcurrentHashMap<>();
    private final Counter refills;

    public AutoIncrementAllocator(TxnStore store, int batch, MeterRegistry meters) {
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be positive");
        }
        this.store = store;
        this.batch = batch;
        this.refills = Counter.builder("basalt.catalog.id.refills")
                .description("batches of AUTO_INCREMENT values and row ids taken from the store")
                .register(meters);
    }

    /** The next AUTO_INCREMENT value of {@code table} (increment and offset 1). */
    public long next(TableDef table) {
        return next(table, 1, 1);
    }

    /**
     * The next AUTO_INCREMENT value of {@code table} under the session's auto_increment_increment and
     * auto_increment_offset (an offset above the increment is ignored, as in MySQL).
     */
    public long next(TableDef table, long increment, long offset) {
        return autoIncrement.computeIfAbsent(table.id(), id -> new TableCounter(MetaKeys.autoIncrement(id)))
                .next(increment, offset > increment ? 1 : offset);
    }

    /**
     * Records an explicitly inserted AUTO_INCREMENT value: later {@link #next} calls return larger values (MySQL
     * moves the counter past an explicit value larger than it). Values not above the counter are ignored.
     */
    public void observe(TableDef table, long explicitValue) {
        if (explicitValue <= 0 || explicitValue == Long.MAX_VALUE) {
            return;
        }
        autoIncrement.computeIfAbsent(table.id(), id -> new TableCounter(MetaKeys.autoIncrement(id)))
                .moveTo(explicitValue + 1);
    }

    /** The value the next {@link #next} call would return at least (SHOW CREATE TABLE's AUTO_INCREMENT). */
    public long peekNext(TableDef table) {
        TableCounter c = autoIncrement.get(table.id());
        return c != null ? c.peek() : readBase(MetaKeys.autoIncrement(table.id()));
    }

    /** The next hidden row id of a table whose rows have no integer primary key handle. */
    public long nextRowId(TableDef table) {
        return rowIds.computeIfAbsent(table.id(), id -> new TableCounter(MetaKeys.rowId(id))).next(1, 1);
    }

    /** Drops cached state of a table whose counters were removed or reset by DDL. */
    void forget(long tableId) {
        autoIncrement.remove(tableId);
        rowIds.remove(tableId);
    }

    /** The smallest value ≥ {@code atLeast} (≥ 1) of the form offset + N × increment (1 ≤ offset ≤ increment). */
    private static long align(long atLeast, long increment, long offset) {
        if (increment == 1) {
            return atLeast;
        }
        return (atLeast - 1 + increment - offset) / increment * increment + offset;
    }

    private long readBase(byte[] key) {
        try (Transaction txn = store.begin()) {
            return MetaKeys.longValue(txn.get(key), 1);
        }
    }

    /** Values [next, end) of the cached batch. */
    private static final class Range {
        final AtomicLong next;
        final long end;

        Range(long start, long end) {
            this.next = new AtomicLong(start);
            this.end = end;
        }
    }

    private final class TableCounter {
        private final byte[] key;
        private volatile Range range;

        TableCounter(byte[] key) {
            this.key = key;
        }

        long next(long increment, long offset) {
            while (true) {
                Range r = range;
                if (r == null) {
                    refill(null, 0);
                    continue;
                }
                long cur = r.next.get();
                long v = align(cur, increment, offset);
                if (v >= r.end) {
                    refill(r, v);
                } else if (r.next.compareAndSet(cur, v + 1)) {
                    return v;
                }
            }
        }

        void moveTo(long target) {
            while (true) {
                Range r = range;
                if (r == null) {
                    refill(null, target);
                    continue;
                }
                if (target > r.end) {
                    refill(r, target);
                    continue;
                }
                long cur = r.next.get();
                if (cur >= target || r.next.compareAndSet(cur, target)) {
                    return;
                }
            }
        }

        long peek() {
            Range r = range;
            return r == null ? readBase(key) : Math.min(r.next.get(), r.end);
        }

        /**
         * Replaces the exhausted range {@code seen} by a new batch starting at the persisted end of the previous
         * one (or at {@code atLeast}, if larger); no-op if another thread already replaced it. A thread that must
         * not wait is refused before it could queue behind another thread's refill.
         */
        private void refill(Range seen, long atLeast) {
            NoWaitScope.refuse("an AUTO_INCREMENT refill");
            synchronized (this) {
                if (range != seen) {
                    return;
                }
                try (Transaction txn = store.begin()) {
                    byte[] current = txn.lockKeys(List.of(key), true, null).get(0);
                    long start = Math.max(MetaKeys.longValue(current, 1), atLeast);
                    long end = start + batch;
                    txn.put(key, MetaKeys.longValue(end));
                    txn.commit(null);
                    range = new Range(start, end);
                    refills.increment();
                }
            }
        }
    }
}
