package io.basalt.storage.action;

import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.Lock;
import java.util.ArrayList;
import java.util.List;

/**
 * Async-commit recovery on one shard's secondaries (spec §2.6): reports their locks if all are still there;
 * otherwise the first key that shows the outcome decides it. A key with neither lock nor record gets a protected
 * rollback, so the prewrite still in flight for it can never succeed: the transaction is then rolled back.
 */
public final class CheckSecondaryLocks {
    private CheckSecondaryLocks() {
    }

    public static SecondaryLocksStatus execute(ActionContext ctx, List<byte[]> keys, long startTs) {
        ctx.cm.updateMaxTs(startTs);
        List<KeyLock> locks = new ArrayList<>();
        for (byte[] key : keys) {
            Lock lock = ctx.reader.loadLock(key);
            if (lock != null && lock.startTs == startTs) {
                if (lock.isPessimistic()) {
                    ctx.txn.unlockKey(key);
                    WriteRollbackRecord.write(ctx, key, startTs, true);
                    return SecondaryLocksStatus.rolledBackStatus();
                }
                locks.add(new KeyLock(key, lock));
                continue;
            }
            CommitRecord rec = ctx.reader.txnCommitRecord(key, startTs);
            if (rec.isCommitted()) {
                return SecondaryLocksStatus.committed(rec.commitTs());
            }
            if (!rec.isRolledBack()) {
                WriteRollbackRecord.write(ctx, key, startTs, true);
            }
            return SecondaryLocksStatus.rolledBackStatus();
        }
        return SecondaryLocksStatus.locked(locks);
    }
}
