package io.basalt.storage.action;

import io.basalt.storage.error.CommitTsExpiredException;
import io.basalt.storage.error.TxnLockNotFoundException;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;

/**
 * Commit of one key at {@code commitTs} (spec §2.3): turns the transaction's lock into a commit record, or confirms
 * an earlier commit (idempotent); a missing lock without a commit record means the transaction was rolled back.
 * Committing a 2PC primary is the transaction's commit point and is synced; other keys are not (their outcome can
 * always be recovered from the primary).
 */
public final class Commit {
    private Commit() {
    }

    public static void execute(ActionContext ctx, byte[] key, long startTs, long commitTs) {
        Lock lock = ctx.reader.loadLock(key);
        if (lock != null && lock.startTs == startTs) {
            if (commitTs < lock.minCommitTs) {
                throw new CommitTsExpiredException(commitTs, lock.minCommitTs);
            }
            if (lock.isPessimistic()) {
                ctx.txn.unlockKey(key); // locked but never prewritten: nothing to commit
                return;
            }
            Write w = new Write(WriteType.fromLock(lock.type), startTs, lock.shortValue,
                    lock.rollbackTs.contains(commitTs), Write.NO_GC_FENCE);
            ctx.txn.putWrite(key, commitTs, w);
            ctx.txn.unlockKey(key);
            if (lock.isPrimary(key) && !lock.useAsyncCommit) {
                ctx.txn.requireSync(); // the commit point of a 2PC transaction
            }
            return;
        }
        CommitRecord rec = ctx.reader.txnCommitRecord(key, startTs);
        if (!rec.isCommitted()) {
            throw new TxnLockNotFoundException(startTs);
        }
    }
}
