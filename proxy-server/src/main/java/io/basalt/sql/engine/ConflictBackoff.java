package io.basalt.sql.engine;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Chooses how an autocommit data statement runs: optimistically (no pessimistic locks) unless an optimistic statement
 * on the same table recently met a conflict; then the next {@value #LOCKING_RUNS} statements on that table take
 * pessimistic locks. On hot rows a failed optimistic run costs a rolled-back prewrite and a second run, more than
 * waiting for the lock; where conflicts are rare, nearly every statement skips the lock write. Thread-safe; a lost
 * update of a count only shifts when the table is tried optimistically again.
 */
final class ConflictBackoff {
    static final int LOCKING_RUNS = 64;

    /** Tables with locking runs left; an entry goes away when its count runs out. */
    private final ConcurrentHashMap<Long, AtomicInteger> lockingRunsLeft = new ConcurrentHashMap<>();

    /** Whether the next statement on {@code tableId} runs optimistically; counts a locking run otherwise. */
    boolean optimistic(long tableId) {
        AtomicInteger left = lockingRunsLeft.get(tableId);
        if (left == null) {
            return true;
        }
        if (left.decrementAndGet() <= 0) {
            lockingRunsLeft.remove(tableId, left);
        }
        return false;
    }

    /** An optimistic statement on {@code tableId} met a conflict at commit. */
    void conflicted(long tableId) {
        lockingRunsLeft.computeIfAbsent(tableId, id -> new AtomicInteger()).set(LOCKING_RUNS);
    }
}
