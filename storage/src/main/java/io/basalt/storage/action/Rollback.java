package io.basalt.storage.action;

import io.basalt.storage.error.StorageException;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.Lock;

/**
 * Rollback of one key of a transaction (the client aborting its own transaction, or a resolver that decided it):
 * the own lock is rolled back; with no lock a rollback record is still written so a late prewrite fails. A key
 * already committed by this transaction is an error: a decided commit is never undone.
 */
public final class Rollback {
    private Rollback() {
    }

    public static void execute(ActionContext ctx, byte[] key, long startTs, boolean protect) {
        if (ctx.cm.durableCommitTs(startTs) != 0) {
            // the binlog holds it: only its commit (by the coordinator or a resolver) may decide it now
            throw new StorageException("cannot roll back transaction " + startTs + ": the binlog holds it");
        }
        Lock lock = ctx.reader.loadLock(key);
        if (lock != null && lock.startTs == startTs) {
            RollbackLock.rollback(ctx, key, lock, protect);
            return;
        }
        CommitRecord rec = ctx.reader.txnCommitRecord(key, startTs);
        if (rec.isCommitted()) {
            throw new StorageException("cannot roll back transaction " + startTs + ": already committed at "
                    + rec.commitTs());
        }
        if (!rec.isRolledBack()) {
            WriteRollbackRecord.write(ctx, key, startTs, protect);
        }
    }
}
