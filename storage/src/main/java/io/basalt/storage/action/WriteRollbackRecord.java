package io.basalt.storage.action;

import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.mvcc.Write;

/**
 * Writes the rollback record of transaction {@code startTs} on {@code key}, handling non-unique timestamps (percolator
 * spec §3.9): if another transaction's commit record already sits at key@startTs, it is kept and, for a protected
 * rollback, flagged with has_overlapped_rollback plus a gc_fence; if another async-commit transaction holds the key's
 * lock with min_commit_ts at or below startTs, startTs is added to that lock's rollback_ts so its eventual commit at
 * that very ts carries the flag.
 */
final class WriteRollbackRecord {
    private WriteRollbackRecord() {
    }

    static void write(ActionContext ctx, byte[] key, long startTs, boolean protect) {
        if (protect) {
            ctx.txn.requireSync(); // a protected rollback decides the transaction
        }
        Write existing = ctx.reader.writeAt(key, startTs);
        if (existing != null && existing.startTs != startTs) {
            if (protect && !existing.hasOverlappedRollback) {
                VersionedWrite newer = ctx.reader.writesBetween(key, startTs + 1, Long.MAX_VALUE).stream()
                        .filter(vw -> vw.write().isDataChange())
                        .reduce((a, b) -> b)
                        .orElse(null);
                long fence = newer == null ? 0 : newer.commitTs();
                ctx.txn.putWrite(key, startTs, existing.withOverlappedRollback(fence));
            }
        } else if (existing == null) {
            ctx.txn.putWrite(key, startTs, Write.rollback(startTs, protect));
        }
        if (protect) {
            markOnForeignAsyncLock(ctx, key, startTs);
        }
    }

    private static void markOnForeignAsyncLock(ActionContext ctx, byte[] key, long startTs) {
        Lock lock = ctx.reader.loadLock(key);
        if (lock != null && lock.startTs != startTs && lock.useAsyncCommit && lock.minCommitTs <= startTs
                && !lock.rollbackTs.contains(startTs)) {
            ctx.txn.putLock(key, lock.toBuilder().addRollbackTs(startTs).build());
        }
    }
}
