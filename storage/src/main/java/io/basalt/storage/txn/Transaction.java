package io.basalt.storage.txn;

import io.basalt.storage.action.Mutation;
import io.basalt.storage.action.PessimisticLockRequest;
import io.basalt.storage.action.PessimisticLockResult;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.KeyTooLargeException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.error.TxnTooLargeException;
import io.basalt.storage.error.UndeterminedResultException;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.OutboxRecord;
import io.basalt.storage.shard.Region;
import io.basalt.storage.tso.Timestamps;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One transaction, coordinated client-side as TiDB's client-go does: snapshot reads at start_ts that see the
 * transaction's own buffered writes, pessimistic locks taken as statements run (pessimistic mode), statement
 * savepoints, and a commit that picks 1PC, async commit or 2PC. Not thread-safe: one session thread drives it.
 */
public final class Transaction implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Transaction.class);

    public enum State { ACTIVE, COMMITTED, ROLLED_BACK, FAILED }

    private final TxnContext ctx;
    private final long startTs;
    /** Reads see this snapshot: start_ts, or a later one per statement under READ COMMITTED. Session thread only. */
    private long readTs;
    private final TxnOptions options;
    private final MutationBuffer buffer = new MutationBuffer();
    private final TreeSet<byte[]> locked = new TreeSet<>(Arrays::compareUnsigned);
    private final Set<Long> bypass = ConcurrentHashMap.newKeySet();
    private long forUpdateTs;
    private byte[] primary;
    /** The primary chosen at commit (the first locked key, or the first written key). */
    private byte[] preparedPrimary;
    private boolean prewriteStarted;
    private ScheduledFuture<?> heartbeat;
    private State state = State.ACTIVE;
    private long commitTs;
    private CommitPath commitPath;

    Transaction(TxnContext ctx, long startTs, TxnOptions options) {
        this.ctx = ctx;
        this.startTs = startTs;
        this.readTs = startTs;
        this.options = options;
        ctx.activeTxns().put(startTs, Boolean.TRUE);
    }

    public long startTs() {
        return startTs;
    }

    public TxnOptions options() {
        return options;
    }

    public State state() {
        return state;
    }

    /** Commit ts after a successful commit (0 for a transaction that wrote nothing). */
    public long commitTs() {
        return commitTs;
    }

    /** The path the commit took, or null before commit and for read-only transactions. */
    public CommitPath commitPath() {
        return commitPath;
    }

    // ---------------------------------------------------------------- reads

    /**
     * Moves the read snapshot to a fresh timestamp, so that the next reads see everything committed before now
     * (READ COMMITTED: one snapshot per statement). Writes, locks and conflict checks keep using start_ts and
     * for_update_ts, so the commit protocol is unchanged.
     */
    public void refreshReadSnapshot() {
        checkActive();
        readTs = ctx.tso().next();
    }

    public byte[] get(byte[] key) {
        checkActive();
        Mutation m = buffer.get(key);
        if (m != null && m.changesValue()) {
            return m.value();
        }
        int shard = ctx.shardOf(key);
        for (int attempt = 0; ; attempt++) {
            try {
                return ctx.kv().get(shard, key, readTs, bypass);
            } catch (KeyIsLockedException e) {
                LockWaiter.awaitForRead(ctx, e, readTs, bypass, attempt);
            }
        }
    }

    /** Values of {@code keys} in order (null = absent), one snapshot read per shard. */
    public List<byte[]> batchGet(List<byte[]> keys) {
        checkActive();
        byte[][] out = new byte[keys.size()][];
        Map<Integer, List<Integer>> byShard = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            Mutation m = buffer.get(keys.get(i));
            if (m != null && m.changesValue()) {
                out[i] = m.value();
            } else {
                byShard.computeIfAbsent(ctx.shardOf(keys.get(i)), s -> new ArrayList<>()).add(i);
            }
        }
        for (var e : byShard.entrySet()) {
            List<byte[]> ks = new ArrayList<>();
            e.getValue().forEach(i -> ks.add(keys.get(i)));
            List<byte[]> vals;
            for (int attempt = 0; ; attempt++) {
                try {
                    vals = ctx.kv().batchGet(e.getKey(), ks, readTs, bypass);
                    break;
                } catch (KeyIsLockedException ex) {
                    LockWaiter.awaitForRead(ctx, ex, readTs, bypass, attempt);
                }
            }
            for (int j = 0; j < vals.size(); j++) {
                out[e.getValue().get(j)] = vals.get(j);
            }
        }
        return Arrays.asList(out);
    }

    /**
     * Up to {@code limit} pairs of [start, end) (end empty = unbounded) in ascending key order, or descending with
     * {@code reverse}, as of start_ts with this transaction's own writes applied.
     */
    public List<KvPair> scan(byte[] start, byte[] end, int limit, boolean reverse) {
        checkActive();
        NavigableMap<byte[], Mutation> own = end.length == 0 ? buffer.view().tailMap(start, true)
                : buffer.view().subMap(start, true, end, false);
        int hidden = 0;
        for (Mutation m : own.values()) {
            if (m.op() == Mutation.Op.DELETE) {
                hidden++;
            }
        }
        List<KvPair> stored = storeScan(start, end, limit + hidden, reverse);
        if (own.isEmpty()) {
            return stored; // nothing of ours to merge: already in order and within the limit
        }
        TreeMap<byte[], byte[]> merged = new TreeMap<>(Arrays::compareUnsigned);
        stored.forEach(p -> merged.put(p.key(), p.value()));
        byte[] bound = stored.size() == limit + hidden && !stored.isEmpty() ? stored.get(stored.size() - 1).key() : null;
        for (Mutation m : own.values()) {
            if (bound != null && (reverse ? Arrays.compareUnsigned(m.key(), bound) < 0
                    : Arrays.compareUnsigned(m.key(), bound) > 0)) {
                continue; // beyond what the store part covered: decided by a later page
            }
            switch (m.op()) {
                case PUT, INSERT -> merged.put(m.key(), m.value());
                case DELETE -> merged.remove(m.key());
                default -> { }
            }
        }
        List<KvPair> out = new ArrayList<>(Math.min(limit, merged.size()));
        for (var e : (reverse ? merged.descendingMap() : merged).entrySet()) {
            if (out.size() == limit) {
                break;
            }
            out.add(new KvPair(e.getKey(), e.getValue()));
        }
        return out;
    }

    private List<KvPair> storeScan(byte[] start, byte[] end, int limit, boolean reverse) {
        List<Region> regions = new ArrayList<>(ctx.regions().overlapping(start, end));
        if (reverse) {
            Collections.reverse(regions);
        }
        List<KvPair> out = new ArrayList<>();
        for (Region r : regions) {
            if (out.size() >= limit) {
                break;
            }
            byte[] s = Arrays.compareUnsigned(r.start(), start) > 0 ? r.start() : start;
            byte[] e = end.length == 0 ? r.end()
                    : r.end().length == 0 || Arrays.compareUnsigned(r.end(), end) > 0 ? end : r.end();
            for (int attempt = 0; ; attempt++) {
                try {
                    out.addAll(ctx.kv().scan(r.shardId(), s, e, limit - out.size(), reverse, readTs, bypass));
                    break;
                } catch (KeyIsLockedException ex) {
                    LockWaiter.awaitForRead(ctx, ex, readTs, bypass, attempt);
                }
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- writes

    /** Writes a value; in a pessimistic transaction the key is locked first (a blind write still needs its lock). */
    public void put(byte[] key, byte[] value) {
        write(Mutation.put(key, value), true);
    }

    public void delete(byte[] key) {
        write(Mutation.delete(key), true);
    }

    /** Writes a key that must not have a live value (INSERT); fails with a duplicate-key error otherwise. */
    public void insert(byte[] key, byte[] value) {
        write(Mutation.insert(key, value), true);
    }

    /**
     * Writes without a pessimistic lock, still checked for newer writes at prewrite: for keys written without their
     * row, such as an index backfill's entries. Keys written with their row use {@link #putWithRow}.
     */
    public void putNoLock(byte[] key, byte[] value) {
        write(Mutation.put(key, value), false);
    }

    public void deleteNoLock(byte[] key) {
        write(Mutation.delete(key), false);
    }

    /**
     * Writes, without a lock, a key that changes only together with a row key this transaction also writes (a
     * non-unique index entry or an off-row value of that row): the row key's lock or conflict check covers it, so its
     * prewrite skips the write-CF seek for newer versions ({@link Mutation#coveredByRow}). An index backfill, which
     * writes entries without their rows, must use {@link #putNoLock} instead.
     */
    public void putWithRow(byte[] key, byte[] value) {
        write(Mutation.put(key, value).withCoveredByRow(true), false);
    }

    /** Deletes a key that changes only together with a row key this transaction writes; see {@link #putWithRow}. */
    public void deleteWithRow(byte[] key) {
        write(Mutation.delete(key).withCoveredByRow(true), false);
    }

    private void write(Mutation m, boolean lockFirst) {
        checkActive();
        if (m.key().length > ctx.config().maxKeySize) {
            throw new KeyTooLargeException(m.key().length, ctx.config().maxKeySize);
        }
        if (m.op() == Mutation.Op.INSERT) {
            Mutation own = buffer.get(m.key());
            if (own != null && (own.op() == Mutation.Op.PUT || own.op() == Mutation.Op.INSERT)) {
                throw new DuplicateKeyException(m.key()); // this transaction already wrote a live value
            }
        }
        if (options.pessimistic() && lockFirst && !locked.contains(m.key())) {
            boolean mustNotExist = m.op() == Mutation.Op.INSERT;
            lockKeys(List.of(m.key()), false, mustNotExist ? new boolean[] {true} : null);
        }
        buffer.put(m);
        if (buffer.bytes() > ctx.config().txnSizeLimitBytes) {
            throw new TxnTooLargeException("transaction is larger than " + ctx.config().txnSizeLimitBytes
                    + " bytes (txn_size_limit_bytes)");
        }
    }

    /**
     * Locks {@code keys} for this transaction (SELECT ... FOR UPDATE, and the rows a DML statement changes) and
     * returns their latest values when asked: this transaction's own write, else the latest committed one.
     * Pessimistic transactions wait for other holders (deadlock detection, lock wait timeout); optimistic ones only
     * record the intent, checked at commit.
     *
     * @param shouldNotExist per key, fail with a duplicate-key error if it exists (null: no check)
     */
    public List<byte[]> lockKeys(List<byte[]> keys, boolean returnValues, boolean[] shouldNotExist) {
        checkActive();
        if (!options.pessimistic()) {
            for (int i = 0; i < keys.size(); i++) {
                byte[] k = keys.get(i);
                if (buffer.get(k) == null) {
                    buffer.put(shouldNotExist != null && shouldNotExist[i] ? Mutation.checkNotExists(k)
                            : Mutation.lock(k));
                }
            }
            return returnValues ? batchGet(keys) : List.of();
        }
        try {
            List<byte[]> values = acquirePessimisticLocks(keys, returnValues, shouldNotExist);
            if (returnValues) {
                // the transaction's own writes are newer than anything committed
                for (int i = 0; i < keys.size(); i++) {
                    Mutation own = buffer.get(keys.get(i));
                    if (own != null && own.changesValue()) {
                        values.set(i, own.op() == Mutation.Op.DELETE ? null : own.value());
                    }
                }
            }
            return values;
        } catch (TransactionAbortedException e) {
            rollbackQuietly();
            throw e;
        }
    }

    private List<byte[]> acquirePessimisticLocks(List<byte[]> keys, boolean returnValues, boolean[] shouldNotExist) {
        if (primary == null) {
            primary = keys.get(0);
            startHeartbeat();
        }
        long lockTs = Math.max(forUpdateTs, ctx.tso().next());
        byte[][] values = new byte[keys.size()][];
        Map<Integer, List<Integer>> byShard = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            byShard.computeIfAbsent(ctx.shardOf(keys.get(i)), s -> new ArrayList<>()).add(i);
        }
        long t0 = System.nanoTime();
        long maxForUpdate = lockTs;
        for (var e : byShard.entrySet()) {
            List<byte[]> ks = new ArrayList<>();
            boolean[] sne = shouldNotExist == null ? null : new boolean[e.getValue().size()];
            for (int j = 0; j < e.getValue().size(); j++) {
                int i = e.getValue().get(j);
                ks.add(keys.get(i));
                if (sne != null) {
                    sne[j] = shouldNotExist[i];
                }
            }
            PessimisticLockResult res;
            while (true) {
                // TTL counts from start_ts: include the time already spent (client-go: elapsed + ManagedLockTTL),
                // or a lock taken after a long wait is born expired and any waiter may roll it back
                long elapsed = Timestamps.physical(ctx.tso().now()) - Timestamps.physical(startTs);
                PessimisticLockRequest req = new PessimisticLockRequest(ks, sne, primary, startTs, lockTs,
                        ctx.config().managedLockTtlMs + Math.max(elapsed, 0), returnValues);
                try {
                    res = ctx.kv().acquirePessimisticLock(e.getKey(), req);
                    break;
                } catch (KeyIsLockedException locked) {
                    LockWaiter.awaitForWrite(ctx, locked, startTs, t0, options.lockWaitTimeoutMs());
                }
            }
            locked.addAll(ks);
            maxForUpdate = Math.max(maxForUpdate, res.maxConflictTs());
            for (int j = 0; j < res.values().size(); j++) {
                values[e.getValue().get(j)] = res.values().get(j);
            }
        }
        forUpdateTs = maxForUpdate;
        return returnValues ? Arrays.asList(values) : List.of();
    }

    private void startHeartbeat() {
        long interval = ctx.config().heartbeatIntervalMs;
        byte[] p = primary;
        heartbeat = ctx.timer().scheduleWithFixedDelay(() -> {
            long elapsed = Timestamps.physical(ctx.tso().now()) - Timestamps.physical(startTs);
            try {
                ctx.kv().txnHeartBeat(ctx.shardOf(p), p, startTs, elapsed + ctx.config().managedLockTtlMs);
            } catch (RuntimeException e) {
                LOG.debug("heartbeat of txn {} skipped: {}", startTs, e.toString());
            }
        }, interval, interval, TimeUnit.MILLISECONDS);
    }

    /**
     * Whether ending the transaction now has nothing to do but drop it: it is active, buffered no write and took no
     * row lock (the first one sets the primary), so its commit or rollback neither writes nor waits.
     */
    public boolean holdsNothing() {
        return state == State.ACTIVE && buffer.isEmpty() && primary == null;
    }

    // ---------------------------------------------------------------- statements

    /** Marks the start of a statement; {@link #rollbackToSavepoint} undoes its buffered writes. */
    public int savepoint() {
        return buffer.savepoint();
    }

    /** Undoes buffered writes after {@code savepoint}; locks taken meanwhile stay held, as in InnoDB. */
    public void rollbackToSavepoint(int savepoint) {
        checkActive();
        buffer.rollbackTo(savepoint);
    }

    // ---------------------------------------------------------------- commit / rollback

    /**
     * Commits; returns once the transaction is decided and, with a binlog sink, durable there. {@code payload} is
     * the transaction's binlog events (null if none).
     *
     * @throws TransactionAbortedException write conflict, deadlock or rolled back by a resolver: nothing committed
     * @throws UndeterminedResultException the outcome is unknown until restart recovery
     */
    public long commit(byte[] payload) {
        checkActive();
        long t0 = System.nanoTime();
        try {
            PreparedCommit pc = prepare(payload);
            if (pc == null) {
                releasePessimisticLocks();
                state = State.COMMITTED;
                return 0;
            }
            prewriteStarted = true;
            preparedPrimary = pc.primary();
            CommitOutcome outcome = switch (CommitPathSelector.choose(ctx.config(), pc)) {
                case ONE_PC -> OnePhaseCommit.commit(ctx, pc);
                case ASYNC_COMMIT -> AsyncCommit.commit(ctx, pc);
                case TWO_PC -> TwoPhaseCommit.commit(ctx, pc);
            };
            commitTs = outcome.commitTs();
            commitPath = outcome.path();
            state = State.COMMITTED;
            ctx.metrics().committed(commitPath, System.nanoTime() - t0);
            return commitTs;
        } catch (UndeterminedResultException e) {
            state = State.FAILED;
            throw e;
        } catch (StorageException e) {
            if (e instanceof TransactionAbortedException) {
                ctx.metrics().conflicts.increment();
            }
            rollbackQuietly();
            throw e;
        } catch (RuntimeException e) {
            state = State.FAILED; // outcome unknown (e.g. the coordinator "crashed"): leave it to lock resolution
            throw e;
        } finally {
            finish();
        }
    }

    /**
     * {@link #commit} on a thread that must not wait (inside a {@link NoWaitScope}), for a transaction that commits
     * by 1PC or async commit: its batch is staged here and written by the store's {@link CommitWriter}; the future completes, on
     * another thread, once the transaction is decided and durable in the binlog, with the commit ts, or exceptionally
     * with {@link UndeterminedResultException} (decided, not confirmed) or the {@link StorageException} of a write that
     * failed (the transaction is then rolled back, as by {@link #commit}). From the call until then the transaction
     * belongs to its commit.
     *
     * @throws WouldBlockException before anything changed, whenever the commit would wait or fail here: a commit by
     *                             2PC (or falling back to it), a lock met, a latch held, a conflict or duplicate found, a timestamp
     *                             window to persist. The transaction is then as before the call, for {@link #commit}
     *                             or {@link #rollback} on a thread that may wait, which also reports any failure.
     */
    public CompletableFuture<Long> commitWithoutWaiting(byte[] payload) {
        if (!NoWaitScope.active()) {
            throw new IllegalStateException("commitWithoutWaiting outside a no-wait scope");
        }
        checkActive();
        long t0 = System.nanoTime();
        PreparedCommit pc = prepare(payload);
        if (pc == null) {
            releasePessimisticLocks();
            state = State.COMMITTED;
            finish();
            return CompletableFuture.completedFuture(0L);
        }
        CommitPath path = CommitPathSelector.choose(ctx.config(), pc);
        if (path == CommitPath.TWO_PC) {
            throw new WouldBlockException("a commit by 2PC");
        }
        CompletableFuture<CommitOutcome> durable;
        try {
            durable = path == CommitPath.ONE_PC ? OnePhaseCommit.commitWithoutWaiting(ctx, pc)
                    : AsyncCommit.commitWithoutWaiting(ctx, pc);
        } catch (StorageException e) {
            // found while staging, before anything was written: the commit that may wait finds and reports it again
            throw new WouldBlockException("a commit that fails: " + e.getMessage(), e);
        }
        prewriteStarted = true;
        preparedPrimary = pc.primary();
        CompletableFuture<Long> done = new CompletableFuture<>();
        durable.whenComplete((outcome, failure) -> {
            if (failure == null) {
                commitTs = outcome.commitTs();
                commitPath = outcome.path();
                state = State.COMMITTED;
                ctx.metrics().committed(commitPath, System.nanoTime() - t0);
                finish();
                done.complete(commitTs);
            } else if (unwrap(failure) instanceof StorageException e && !(e instanceof UndeterminedResultException)) {
                // not written; the rollback takes latches, which a batch queued behind this one in the commit
                // writer may hold until that writer, whose thread this may be, has written it
                try {
                    ctx.timer().execute(() -> {
                        rollbackQuietly();
                        done.completeExceptionally(e);
                    });
                } catch (RejectedExecutionException closing) {
                    state = State.FAILED; // the store is closing: lock resolution removes what is left
                    finish();
                    done.completeExceptionally(e);
                }
            } else {
                state = State.FAILED;
                finish();
                done.completeExceptionally(unwrap(failure));
            }
        });
        return done;
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    private PreparedCommit prepare(byte[] payload) {
        List<Mutation> all = new ArrayList<>(buffer.view().values());
        for (byte[] k : locked) {
            if (buffer.get(k) == null) {
                all.add(Mutation.lock(k)); // locked but unchanged: released by the commit
            }
        }
        boolean writes = all.stream().anyMatch(Mutation::changesValue);
        boolean optimisticLocks = !options.pessimistic() && all.stream().anyMatch(m -> m.op() == Mutation.Op.LOCK);
        if (!writes && !optimisticLocks) {
            return null; // read-only: pessimistic locks are simply released
        }
        all.sort((a, b) -> Arrays.compareUnsigned(a.key(), b.key()));
        byte[] prim = primary != null ? primary : primaryOfUnlocked(all);
        Map<Integer, List<Mutation>> byShard = new HashMap<>();
        List<byte[]> secondaries = new ArrayList<>();
        long keyBytes = 0;
        for (Mutation m : all) {
            byShard.computeIfAbsent(ctx.shardOf(m.key()), s -> new ArrayList<>()).add(m);
            keyBytes += m.key().length;
            if (m.op() != Mutation.Op.CHECK_NOT_EXISTS && !Arrays.equals(m.key(), prim)) {
                secondaries.add(m.key());
            }
        }
        Map<Integer, PreparedCommit.ShardBatch> batches = new LinkedHashMap<>();
        byShard.forEach((shard, ms) -> {
            boolean[] flags = new boolean[ms.size()];
            for (int i = 0; i < ms.size(); i++) {
                flags[i] = locked.contains(ms.get(i).key());
            }
            batches.put(shard, new PreparedCommit.ShardBatch(ms, options.pessimistic() ? flags : null));
        });
        return new PreparedCommit(startTs, prim, ctx.shardOf(prim), batches, secondaries,
                options.pessimistic() ? forUpdateTs : 0, all.size(), keyBytes, payload, options);
    }

    /**
     * The primary when no key was locked (an optimistic transaction): the first key that is not covered by its row,
     * else the first key that writes a lock. The primary is always checked for newer writes, so a covered key there
     * would add a check the row key already makes.
     */
    private static byte[] primaryOfUnlocked(List<Mutation> sorted) {
        Mutation first = null;
        for (Mutation m : sorted) {
            if (m.op() == Mutation.Op.CHECK_NOT_EXISTS) {
                continue;
            }
            if (!m.coveredByRow()) {
                return m.key();
            }
            if (first == null) {
                first = m;
            }
        }
        return first.key();
    }

    /**
     * Rolls back: buffered writes are dropped, locks released. On a thread that must not wait (a statement failed
     * there), what would wait (a latch held, a lock to write) is finished on the store's timer thread instead: the
     * locks are released within a latch hold, not left to their TTL for lock resolution.
     */
    public void rollback() {
        if (state != State.ACTIVE) {
            return;
        }
        try {
            releaseKeys();
        } catch (WouldBlockException e) {
            finishRollbackElsewhere();
        } finally {
            state = State.ROLLED_BACK;
            ctx.metrics().rollbacks.increment();
            finish();
        }
    }

    private void releaseKeys() {
        if (prewriteStarted) {
            rollbackAllKeys();
        } else {
            releasePessimisticLocks();
        }
    }

    /** The transaction is over for its session; only the timer thread touches it from here on. */
    private void finishRollbackElsewhere() {
        try {
            ctx.timer().execute(() -> {
                try {
                    releaseKeys();
                } catch (RuntimeException e) {
                    LOG.warn("rollback of txn {} incomplete; lock resolution will finish it: {}", startTs,
                            e.toString());
                }
            });
        } catch (RejectedExecutionException closing) {
            LOG.debug("store closing: the rollback of txn {} is left to lock resolution", startTs);
        }
    }

    private void rollbackQuietly() {
        try {
            state = State.ACTIVE;
            rollback();
        } catch (RuntimeException e) {
            state = State.ROLLED_BACK;
            LOG.warn("rollback of txn {} incomplete; lock resolution will finish it: {}", startTs, e.toString());
        }
    }

    private void rollbackAllKeys() {
        TreeSet<byte[]> keys = new TreeSet<>(Arrays::compareUnsigned);
        keys.addAll(buffer.view().keySet());
        keys.addAll(locked);
        ctx.regions().groupByShard(keys).forEach((shard, ks) -> ctx.kv().rollback(shard, ks, startTs));
        if (preparedPrimary != null && ctx.pipeline().hasSink()) {
            // an async/1PC attempt may have stored its binlog payload with the primary's prewrite
            ctx.kv().deleteMeta(ctx.shardOf(preparedPrimary), List.of(OutboxRecord.key(startTs)));
        }
    }

    private void releasePessimisticLocks() {
        ctx.regions().groupByShard(locked)
                .forEach((shard, ks) -> ctx.kv().pessimisticRollback(shard, ks, startTs, Long.MAX_VALUE));
    }

    private void finish() {
        if (heartbeat != null) {
            heartbeat.cancel(false);
            heartbeat = null;
        }
        ctx.activeTxns().remove(startTs);
    }

    private void checkActive() {
        if (state != State.ACTIVE) {
            throw new TxnRolledBackException("transaction " + startTs + " is " + state.name().toLowerCase());
        }
    }

    /** Rolls back if still active (a session closed mid-transaction). */
    @Override
    public void close() {
        if (state == State.ACTIVE) {
            rollbackQuietly();
        }
    }
}
