package io.basalt.storage.action;

import io.basalt.storage.error.TxnNotFoundException;
import io.basalt.storage.mvcc.Lock;

/** Extends the TTL of a transaction's primary lock (never shortens it); returns the TTL now in force. */
public final class TxnHeartBeat {
    private TxnHeartBeat() {
    }

    public static long execute(ActionContext ctx, byte[] primary, long startTs, long adviseTtlMs) {
        Lock lock = ctx.reader.loadLock(primary);
        if (lock == null || lock.startTs != startTs) {
            throw new TxnNotFoundException(startTs);
        }
        if (adviseTtlMs > lock.ttlMs) {
            ctx.txn.putLock(primary, lock.toBuilder().ttlMs(adviseTtlMs).build());
            return adviseTtlMs;
        }
        return lock.ttlMs;
    }
}
