package io.basalt.storage.action;

import io.basalt.storage.mvcc.Lock;

/**
 * Removes this transaction's pessimistic locks (statement retry or abort during execution); writes no rollback
 * record, since the transaction itself goes on or was never prewritten.
 */
public final class PessimisticRollback {
    private PessimisticRollback() {
    }

    public static void execute(ActionContext ctx, byte[] key, long startTs, long forUpdateTs) {
        Lock lock = ctx.reader.loadLock(key);
        if (lock != null && lock.startTs == startTs && lock.isPessimistic() && lock.forUpdateTs <= forUpdateTs) {
            ctx.txn.unlockKey(key);
        }
    }
}
