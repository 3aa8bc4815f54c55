package io.basalt.storage.action;

import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;

/** Rolls back this transaction's own lock on a key: drops its long value, writes the rollback record, unlocks. */
final class RollbackLock {
    private RollbackLock() {
    }

    static void rollback(ActionContext ctx, byte[] key, Lock lock, boolean protect) {
        if (lock.type == LockType.PUT && lock.shortValue == null) {
            ctx.txn.deleteValue(key, lock.startTs);
        }
        WriteRollbackRecord.write(ctx, key, lock.startTs, protect || lock.isPrimary(key));
        ctx.txn.unlockKey(key);
    }
}
