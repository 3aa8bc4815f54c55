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
    private final ActionContext ctx;
    private final PrewriteRequest req;
    private final boolean timestamped;
    /** A key's min_commit_ts exceeded max_commit_ts (or a retry found a plain lock): the rest are plain 2PC locks. */
    private boolean fellBack;
    private long maxMinCommitTs;
    private final List<byte[]> onePcKeys = new ArrayList<>();
    private final List<Lock> onePcLocks = new ArrayList<>();

    private Prewrite(ActionContext ctx, PrewriteRequest req, boolean fellBack) {
        this.ctx = ctx;
        this.req = req;
        this.timestamped = req.asyncCommit() || req.tryOnePc();
        this.fellBack = fellBack;
    }

    public static PrewriteResult execute(ActionContext ctx, PrewriteRequest req) {
        Prewrite p = new Prewrite(ctx, req, false);
        if (!p.lockKeys()) {
            return PrewriteResult.ALREADY_COMMITTED;
        }
        if (req.tryOnePc() && !p.fellBack) {
            p.commitOnePc(p.maxMinCommitTs);
            return new PrewriteResult(0, p.maxMinCommitTs, false, 0);
        }
        if (!p.fellBack) {
            p.writeOutbox(0);
        }
        return new PrewriteResult(p.fellBack ? 0 : p.maxMinCommitTs, 0, false, p.maxMinCommitTs);
    }

    /**
     * The first half of a 1PC over several shards ({@link OnePcAcrossShards}): checks and locks (in memory) this
     * shard's keys; plain 2PC locks from the start if an earlier shard already fell back. Null if a retry found the
     * transaction already committed.
     */
    static Prewrite lockForOnePc(ActionContext ctx, PrewriteRequest req, boolean fellBack) {
        Prewrite p = new Prewrite(ctx, req, fellBack);
        return p.lockKeys() ? p : null;
    }

    boolean fellBack() {
        return fellBack;
    }

    long maxMinCommitTs() {
        return maxMinCommitTs;
    }

    /** Checks every key, writes its lock (plain or async) or holds it in memory for 1PC; false: committed already. */
    private boolean lockKeys() {
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
            boolean neverWritten = false;
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
            } else if (needsConflictCheck(req, m)) {
                VersionedWrite newest = ctx.reader.seekWrite(key, Long.MAX_VALUE);
                if (checkConflicts(ctx, req, key, newest, pessimisticLocked)) {
                    return false;
                }
                neverWritten = newest == null;
            }
            if (m.op() == Mutation.Op.INSERT || m.op() == Mutation.Op.CHECK_NOT_EXISTS) {
                // a key without any write record has no live value: no second seek (a fresh AUTO_INCREMENT row)
                VersionedWrite latest = neverWritten ? null : ctx.reader.latestDataWrite(key, Long.MAX_VALUE);
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
                    persistAsPlainLocks();
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
        return true;
    }

    /**
     * A key covered by its row ({@link Mutation#coveredByRow}) is not checked for newer writes on its own: another
     * transaction's write of it also wrote the row key, which this transaction locked (pessimistic) or checks in this
     * prewrite (optimistic). TiKV skips the check for every key of a pessimistic prewrite the same way. Beyond
     * conflicts, the check would find only this transaction's own commit or rollback record, which a key holds only
     * if a batch of this transaction already reached it: the coordinator ({@code Prewriter}) never re-sends a written
     * batch and writes the primary's batch last, so no resolver has seen the primary (and rolled back or committed a
     * secondary) before each secondary's first and only prewrite. The primary itself is always checked: a resolver
     * that met a secondary's lock while the primary was not yet written may have rolled it back. The seeks saved were
     * a tenth of the CPU of oltp_write_only and two of the four of an autocommit oltp_update_index statement.
     */
    private static boolean needsConflictCheck(PrewriteRequest req, Mutation m) {
        return !m.coveredByRow() || Arrays.equals(m.key(), req.primary());
    }

    /**
     * Given the key's newest write record ({@code newest}, null if none), returns true if it shows the transaction
     * already committed (a stale retry).
     */
    private static boolean checkConflicts(ActionContext ctx, PrewriteRequest req, byte[] key, VersionedWrite newest,
                                          boolean pessimisticLocked) {
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

    /** Writes the keys held for 1PC as plain 2PC locks instead (this or another shard fell back). */
    void persistAsPlainLocks() {
        for (int i = 0; i < onePcKeys.size(); i++) {
            ctx.txn.putLock(onePcKeys.get(i), plain(onePcLocks.get(i), req));
        }
        onePcKeys.clear();
        onePcLocks.clear();
    }

    /** Writes the commit records of the keys held for 1PC at {@code commitTs}, and the outbox record if any. */
    void commitOnePc(long commitTs) {
        for (int i = 0; i < onePcKeys.size(); i++) {
            byte[] key = onePcKeys.get(i);
            Lock lock = onePcLocks.get(i);
            Write w = new Write(WriteType.fromLock(lock.type), lock.startTs, lock.shortValue,
                    lock.rollbackTs.contains(commitTs), Write.NO_GC_FENCE);
            ctx.txn.putWrite(key, commitTs, w);
            if (ctx.reader.loadLock(key) != null) {
                ctx.txn.unlockKey(key); // our own pessimistic lock
            }
        }
        writeOutbox(commitTs);
    }

    private void writeOutbox(long commitTs) {
        if (req.outbox() != null) {
            OutboxRecord r = new OutboxRecord(req.startTs(), commitTs, req.primary(), req.outbox());
            ctx.txn.putMeta(OutboxRecord.key(req.startTs()), r.encode());
        }
    }
}
