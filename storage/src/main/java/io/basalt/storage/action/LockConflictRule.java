package io.basalt.storage.action;

import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;
import java.util.Set;

/**
 * Snapshot-isolation rule for a reader at {@code readTs} meeting a lock: it is ignored when it cannot hide a value the
 * reader should see (started later, only a read lock or pessimistic lock, or can only commit after readTs), or when
 * the reader already knows the transaction's fate (bypass set). Otherwise the read must resolve it.
 */
public final class LockConflictRule {
    private LockConflictRule() {
    }

    public static void check(byte[] key, Lock lock, long readTs, Set<Long> bypass) {
        if (lock.startTs > readTs
                || lock.type == LockType.LOCK
                || lock.type == LockType.PESSIMISTIC
                || lock.minCommitTs > readTs
                || bypass.contains(lock.startTs)) {
            return;
        }
        throw new KeyIsLockedException(key, lock);
    }
}
