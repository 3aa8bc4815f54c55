package io.basalt.storage.action;

import io.basalt.storage.error.TxnLockNotFoundException;
import io.basalt.storage.mvcc.Lock;

/**
 * Confirms, under the primary key's latch, that a 2PC transaction still holds its (prewritten) primary lock: the
 * last check before its coordinator hands it to the binlog, after which resolvers leave it alone.
 */
public final class VerifyPrimaryLock {
    private VerifyPrimaryLock() {
    }

    public static Lock execute(ActionContext ctx, byte[] primary, long startTs) {
        Lock lock = ctx.reader.loadLock(primary);
        if (lock == null || lock.startTs != startTs || lock.isPessimistic()) {
            throw new TxnLockNotFoundException(startTs);
        }
        return lock;
    }
}
