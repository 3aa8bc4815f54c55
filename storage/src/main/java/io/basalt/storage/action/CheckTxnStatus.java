package io.basalt.storage.action;

import io.basalt.storage.error.TxnNotFoundException;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.Lock;

/**
 * Decides or reports the state of a transaction from its primary key (spec §2.5). Async-commit locks are never
 * rolled back or pushed here (their fate needs all secondaries) unless {@code forceSyncCommit} says the transaction
 * fell back to 2PC. An expired 2PC lock is rolled back; a live one may have its min_commit_ts pushed past the
 * caller's start ts. A 2PC transaction its coordinator is committing (see
 * {@link io.basalt.storage.concurrency.ConcurrencyManager#markCommitting}) is reported locked and left alone until
 * the binlog holds it, after which its primary is committed here. No lock and no record: a protected rollback if {@code rollbackIfNotExist}, else TxnNotFound.
 */
public final class CheckTxnStatus {
    private CheckTxnStatus() {
    }

    public static TxnStatus execute(ActionContext ctx, byte[] primary, long lockTs, long callerStartTs, long currentTs,
                                    boolean rollbackIfNotExist, boolean forceSyncCommit,
                                    boolean resolvingPessimisticLock) {
        ctx.cm.updateMaxTs(lockTs);
        ctx.cm.updateMaxTs(currentTs);
        ctx.cm.updateMaxTs(callerStartTs);
        Lock lock = ctx.reader.loadLock(primary);
        if (lock != null && lock.startTs == lockTs) {
            return checkLocked(ctx, primary, lock, callerStartTs, currentTs, forceSyncCommit,
                    resolvingPessimisticLock);
        }
        CommitRecord rec = ctx.reader.txnCommitRecord(primary, lockTs);
        if (rec.isCommitted()) {
            return TxnStatus.committed(rec.commitTs());
        }
        if (rec.isRolledBack()) {
            return TxnStatus.rolledBack();
        }
        if (!rollbackIfNotExist) {
            throw new TxnNotFoundException(lockTs);
        }
        if (resolvingPessimisticLock) {
            return new TxnStatus(TxnStatus.Kind.LOCK_NOT_EXIST_DO_NOTHING, 0, null, false);
        }
        WriteRollbackRecord.write(ctx, primary, lockTs, true);
        return TxnStatus.rolledBack();
    }

    private static TxnStatus checkLocked(ActionContext ctx, byte[] primary, Lock lock, long callerStartTs,
                                         long currentTs, boolean forceSyncCommit, boolean resolvingPessimisticLock) {
        long durable = ctx.cm.durableCommitTs(lock.startTs);
        if (durable != 0) {
            Commit.execute(ctx, primary, lock.startTs, durable); // the binlog holds it: finish its commit point
            return TxnStatus.committed(durable);
        }
        if ((lock.useAsyncCommit && !forceSyncCommit) || ctx.cm.isCommitting(lock.startTs)) {
            return TxnStatus.locked(lock, false);
        }
        boolean expired = lock.isExpired(currentTs);
        if (lock.isPessimistic()) {
            if (!expired) {
                return TxnStatus.locked(lock, false);
            }
            if (resolvingPessimisticLock) {
                ctx.txn.unlockKey(primary);
                return new TxnStatus(TxnStatus.Kind.PESSIMISTIC_ROLLED_BACK, 0, null, false);
            }
            RollbackLock.rollback(ctx, primary, lock, true);
            return TxnStatus.rolledBack();
        }
        if (expired) {
            RollbackLock.rollback(ctx, primary, lock, true);
            return TxnStatus.rolledBack();
        }
        if (lock.minCommitTs != 0 && callerStartTs != Long.MAX_VALUE && callerStartTs >= lock.minCommitTs) {
            Lock pushed = lock.toBuilder().minCommitTs(Math.max(callerStartTs + 1, currentTs)).build();
            ctx.txn.putLock(primary, pushed);
            return TxnStatus.locked(pushed, true);
        }
        return TxnStatus.locked(lock, callerStartTs == Long.MAX_VALUE || lock.minCommitTs > callerStartTs);
    }
}
