package io.basalt.sql.catalog;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.storage.concurrency.BlockingHint;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * MySQL-style metadata locks on table names. A statement that writes a table takes its lock in shared mode and its
 * transaction holds it until it ends (an autocommit statement: until its commit), as MySQL holds MDL, so that DDL never
 * changes a table under an open transaction that has used it (an index added while a transaction's earlier inserts
 * are still uncommitted would otherwise miss their entries). DDL takes it exclusively, waiting for the holders; new
 * shared requests queue behind a waiting exclusive one (fair), so DDL is not starved.
 *
 * <p>Leases are not bound to threads: a transaction may release on another thread than it acquired on. A
 * transaction must take each table's shared lease once (keep a set) rather than again per statement: a second
 * request queued behind a waiting DDL would wait for itself. Locks are keyed by name, so TRUNCATE (which gives the
 * table a new id) and RENAME need no re-resolution by waiters: after the wait they look the name up again.
 *
 * <p>Thread-safe.
 */
public final class MetadataLocks {
    private static final int EXCLUSIVE = Integer.MAX_VALUE;

    private final ConcurrentHashMap<String, Semaphore> locks = new ConcurrentHashMap<>();

    /** A held lock; closing it releases the lock (again: no effect). */
    public interface Lease extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Takes a table's lock in shared mode (DML, SELECT).
     *
     * @throws MySqlException 1205 when not granted within {@code timeoutMs} (MySQL's lock_wait_timeout), 1317 when
     *                        the thread is interrupted (KILL QUERY)
     */
    public Lease shared(String database, String table, long timeoutMs) {
        return acquire(database, table, 1, timeoutMs);
    }

    /** Takes a table's lock exclusively (DDL); errors as {@link #shared}. */
    public Lease exclusive(String database, String table, long timeoutMs) {
        return acquire(database, table, EXCLUSIVE, timeoutMs);
    }

    private Lease acquire(String database, String table, int permits, long timeoutMs) {
        Semaphore s = locks.computeIfAbsent(database + '\0' + table, k -> new Semaphore(EXCLUSIVE, true));
        try {
            // the timed tryAcquire honours fairness; the untimed one would let readers barge past a waiting DDL.
            // Only a real wait is a blocking section: every DML statement takes this lock, nearly always at once.
            if (!s.tryAcquire(permits, 0, TimeUnit.MILLISECONDS)) {
                awaitPermits(s, permits, timeoutMs);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MySqlException(ErrorCode.QUERY_INTERRUPTED);
        }
        AtomicBoolean released = new AtomicBoolean();
        return () -> {
            if (released.compareAndSet(false, true)) {
                s.release(permits);
            }
        };
    }

    private static void awaitPermits(Semaphore s, int permits, long timeoutMs) throws InterruptedException {
        try (BlockingHint.Section waiting = BlockingHint.begin()) {
            if (!s.tryAcquire(permits, timeoutMs, TimeUnit.MILLISECONDS)) {
                throw new MySqlException(ErrorCode.LOCK_WAIT_TIMEOUT);
            }
        }
    }
}
