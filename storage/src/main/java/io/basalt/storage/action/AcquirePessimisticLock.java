package io.basalt.storage.action;

import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;
import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.mvcc.WriteType;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes pessimistic locks (spec §2.9) in "lock with conflict" mode: a version committed after for_update_ts does not
 * fail the statement; the key is locked on that newest version and the caller raises its for_update_ts, so a locking
 * read always sees the latest committed row, as in InnoDB. Optionally returns the locked values. Pessimistic locks
 * are not synced: losing one in a crash only aborts a transaction that was never acknowledged.
 */
public final class AcquirePessimisticLock {
    private AcquirePessimisticLock() {
    }

    public static PessimisticLockResult execute(ActionContext ctx, PessimisticLockRequest req) {
        List<byte[]> values = new ArrayList<>();
        long maxConflictTs = 0;
        for (int i = 0; i < req.keys().size(); i++) {
            byte[] key = req.keys().get(i);
            Lock lock = ctx.reader.loadLock(key);
            if (lock != null && lock.startTs != req.startTs()) {
                throw new KeyIsLockedException(key, lock);
            }
            if (lock != null && !lock.isPessimistic()) {
                throw new StorageException("key already prewritten by transaction " + req.startTs());
            }
            VersionedWrite newest = ctx.reader.seekWrite(key, Long.MAX_VALUE);
            long lockForUpdateTs = req.forUpdateTs();
            if (newest != null && newest.commitTs() >= req.startTs()) {
                CommitRecord own = ctx.reader.txnCommitRecord(key, req.startTs());
                if (own.isRolledBack() || own.isCommitted()) {
                    throw new TxnRolledBackException("transaction " + req.startTs()
                            + " was rolled back while it was running");
                }
            }
            if (newest != null && newest.commitTs() > req.forUpdateTs()) {
                lockForUpdateTs = newest.commitTs();
                maxConflictTs = Math.max(maxConflictTs, newest.commitTs());
            }
            VersionedWrite data = ctx.reader.latestDataWrite(key, Long.MAX_VALUE);
            boolean exists = data != null && data.write().type == WriteType.PUT;
            if (req.shouldNotExist() != null && req.shouldNotExist()[i] && exists) {
                throw new DuplicateKeyException(key);
            }
            if (req.returnValues()) {
                values.add(exists ? ctx.reader.loadValue(key, data.write()) : null);
            }
            if (lock != null && lock.forUpdateTs >= lockForUpdateTs) {
                continue; // already locked by this transaction at least as recently
            }
            Lock.Builder b = Lock.builder(LockType.PESSIMISTIC, req.primary(), req.startTs(), req.ttlMs())
                    .forUpdateTs(lockForUpdateTs)
                    .minCommitTs(lockForUpdateTs + 1);
            ctx.txn.putLock(key, b.build());
        }
        return new PessimisticLockResult(values, maxConflictTs);
    }
}
