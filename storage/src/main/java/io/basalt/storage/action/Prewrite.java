package io.basalt.storage.action;

import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.PessimisticLockNotFoundException;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.error.WriteConflictException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;
import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import io.basalt.storage.pipeline.OutboxRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Prewrite (optimistic and pessimistic) of one shard's mutations, including the async-commit and 1PC variants
 * (percolator spec §2.1, §2.2, §3.4, §4). For async/1PC, max_ts is read and the lock published in the memory lock
 * table atomically per key; a min_commit_ts above max_commit_ts makes this and all later keys plain 2PC locks. 1PC
 * writes commit records at the computed commit ts directly and never persists a lock. A prewrite is synced unless
 * its request says a later synced write of the same coordinator covers it ({@link PrewriteRequest#durable()}).
 */
public final class Prewrite {
    private Prewrite() {
    }

    public static PrewriteResult execute(ActionContext ctx, PrewriteRequest req) {
        boolean timestamped = req.asyncCommit() || req.tryOnePc();
        boolean fellBack = false;
        long maxMinCommitTs = 0;
        List<byte[]> onePcKeys = new ArrayList<>();
        List<Lock> onePcLocks = new ArrayList<>();
        List<Mutation> mutations = req.mutations();
        for (int i = 0; i < mutations.size(); i++) {
            Mutation m = mutations.get(i);
            byte[] key = m.key();
            boolean pessimisticLocked = req.pessimisticLocked() != null && req.pessimisticLocked()[i];
            if (m.op() == Mutation.Op.INSERT || m.op() == Mutation.Op.CHECK_NOT_EXISTS) {
                // an existence check is a read at start_ts: no later async/1PC commit may land at or below it
                ctx.cm.updateMaxTs(req.startTs());
            }
            Lock existing = ctx.reader.loadLock(key);
            Lock ownPessimistic = null;
            if (existing != null) {
                if (existing.startTs != req.startTs()) {
                    throw new KeyIsLockedException(key, existing);
                }
                if (!existing.isPessimistic()) {
                    // a retried prewrite: idempotent
                    maxMinCommitTs = Math.max(maxMinCommitTs, existing.minCommitTs);
                    fellBack |= timestamped && !existing.useAsyncCommit;
                    continue;
                }
                ownPessimistic = existing;
            } else if (checkConflicts(ctx, req, key, pessimisticLocked)) {
                return PrewriteResult.ALREADY_COMMITTED;
            }
            if (m.op() == Mutation.Op.INSERT || m.op() == Mutation.Op.CHECK_NOT_EXISTS) {
                VersionedWrite latest = ctx.reader.latestDataWrite(key, Long.MAX_VALUE);
                if (latest != null && latest.write().type == WriteType.PUT) {
                    throw new DuplicateKeyException(key);
                }
                if (m.op() == Mutation.Op.CHECK_NOT_EXISTS) {
                    if (timestamped && !fellBack) {
                        // nothing is written, so max_ts is not consulted; a batch of only checks must still
                        // report a commit ts candidate, since 0 would mean "fell back to 2PC" (spec §3.4)
                        maxMinCommitTs = Math.max(maxMinCommitTs, Math.max(req.minCommitTs(), req.startTs() + 1));
                    }
                    continue;
                }
            }
            Lock pessimistic = ownPessimistic;
            Lock.Builder lb = baseLock(ctx, req, m, pessimistic);
            if (timestamped && !fellBack) {
                ConcurrencyManager.KeyGuard guard = ctx.cm.lockKeys(List.of(key)).get(0);
                ctx.memoryGuards.add(guard);
                boolean isPrimary = Arrays.equals(key, req.primary());
                Lock lock = guard.publish(maxTs -> {
                    ctx.faults.hit(FaultPoints.BEFORE_SET_MEMORY_LOCK, req.startTs());
                    long min = Math.max(Math.max(maxTs, req.startTs()), req.forUpdateTs()) + 1;
                    min = Math.max(min, req.minCommitTs());
                    if (pessimistic != null) {
                        min = Math.max(min, pessimistic.minCommitTs);
                    }
                    lb.minCommitTs(min).useOnePc(req.tryOnePc());
                    if (req.asyncCommit()) {
                        lb.asyncCommit(isPrimary ? req.secondaries() : List.of());
                    }
                    return lb.build();
                });
                if (req.maxCommitTs() != 0 && lock.minCommitTs > req.maxCommitTs()) {
                    fellBack = true;
                    persistAsPlainLocks(ctx, req, onePcKeys, onePcLocks);
                    ctx.txn.putLock(key, plain(lock, req));
                    continue;
                }
                maxMinCommitTs = Math.max(maxMinCommitTs, lock.minCommitTs);
                if (req.tryOnePc()) {
                    onePcKeys.add(key);
                    onePcLocks.add(lock);
                } else {
                    ctx.txn.putLock(key, lock);
                }
            } else {
                ctx.txn.putLock(key, lb.minCommitTs(Math.max(req.startTs(), req.forUpdateTs()) + 1).build());
            }
        }
        if (req.durable()) {
            ctx.txn.requireSync();
        }
        if (req.tryOnePc() && !fellBack) {
            long commitTs = maxMinCommitTs;
            for (int i = 0; i < onePcKeys.size(); i++) {
                commitOnePc(ctx, onePcKeys.get(i), onePcLocks.get(i), commitTs);
            }
            writeOutbox(ctx, req, commitTs);
            return new PrewriteResult(0, commitTs, false, 0);
        }
        if (!fellBack) {
            writeOutbox(ctx, req, 0);
        }
        return new PrewriteResult(fellBack ? 0 : maxMinCommitTs, 0, false, maxMinCommitTs);
    }

    /** Returns true if the key shows the transaction already committed (a stale retry). */
    private static boolean checkConflicts(ActionContext ctx, PrewriteRequest req, byte[] key,
                                          boolean pessimisticLocked) {
        VersionedWrite newest = ctx.reader.seekWrite(key, Long.MAX_VALUE);
        if (newest == null) {
            return false;
        }
        long startTs = req.startTs();
        if (newest.commitTs() >= startTs) {
            CommitRecord own = ctx.reader.txnCommitRecord(key, startTs);
            if (own.isCommitted()) {
                return true;
            }
            if (own.isRolledBack()) {
                throw new TxnRolledBackException("transaction " + startTs + " was already rolled back");
            }
        }
        if (pessimisticLocked) {
            // the pessimistic lock is gone: amend it only if nobody wrote the key after our for_update_ts
            VersionedWrite data = ctx.reader.latestDataWrite(key, Long.MAX_VALUE);
            if (data != null && data.commitTs() > req.forUpdateTs()) {
                throw new PessimisticLockNotFoundException(startTs);
            }
        } else if (!req.isPessimistic() && newest.commitTs() > startTs) {
            throw new WriteConflictException(startTs, newest.commitTs(), "key written after the transaction began");
        }
        return false;
    }

    private static Lock.Builder baseLock(ActionContext ctx, PrewriteRequest req, Mutation m, Lock pessimistic) {
        LockType type = switch (m.op()) {
            case PUT, INSERT -> LockType.PUT;
            case DELETE -> LockType.DELETE;
            case LOCK -> LockType.LOCK;
            case CHECK_NOT_EXISTS -> throw new IllegalStateException("check-not-exists writes no lock");
        };
        long ttl = pessimistic == null ? req.lockTtlMs() : Math.max(req.lockTtlMs(), pessimistic.ttlMs);
        Lock.Builder b = Lock.builder(type, req.primary(), req.startTs(), ttl)
                .forUpdateTs(req.forUpdateTs())
                .txnSize(req.txnSize());
        if (type == LockType.PUT) {
            if (m.value().length <= Lock.SHORT_VALUE_MAX_LEN) {
                b.shortValue(m.value());
            } else {
                ctx.txn.putValue(m.key(), req.startTs(), m.value());
            }
        }
        return b;
    }

    private static Lock plain(Lock lock, PrewriteRequest req) {
        return lock.toBuilder().plain().useOnePc(false)
                .minCommitTs(Math.max(req.startTs(), req.forUpdateTs()) + 1).build();
    }

    private static void persistAsPlainLocks(ActionContext ctx, PrewriteRequest req, List<byte[]> keys,
                                            List<Lock> locks) {
        for (int i = 0; i < keys.size(); i++) {
            ctx.txn.putLock(keys.get(i), plain(locks.get(i), req));
        }
        keys.clear();
        locks.clear();
    }

    private static void commitOnePc(ActionContext ctx, byte[] key, Lock lock, long commitTs) {
        Write w = new Write(WriteType.fromLock(lock.type), lock.startTs, lock.shortValue,
                lock.rollbackTs.contains(commitTs), Write.NO_GC_FENCE);
        ctx.txn.putWrite(key, commitTs, w);
        if (ctx.reader.loadLock(key) != null) {
            ctx.txn.unlockKey(key); // our own pessimistic lock
        }
    }

    private static void writeOutbox(ActionContext ctx, PrewriteRequest req, long commitTs) {
        if (req.outbox() != null) {
            OutboxRecord r = new OutboxRecord(req.startTs(), commitTs, req.primary(), req.outbox());
            ctx.txn.putMeta(OutboxRecord.key(req.startTs()), r.encode());
        }
    }
}
