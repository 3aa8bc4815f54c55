package io.basalt.storage.txn;

import io.basalt.storage.action.PrewriteRequest;
import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.action.StagedCommand;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.fault.FaultPoints;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Prewrites every shard's batch of a transaction on the calling thread, or stages a 1PC's or an async commit's for the
 * {@link CommitWriter} ({@link #stageOnePc}, {@link #stageAsync}). The shards share one WAL ({@link io.basalt.storage.shard.ShardEngine}),
 * so a 1PC, or the prewrite of a small transaction (async commit's limits), over several shards is one atomic batch
 * of them all ({@link io.basalt.storage.action.OnePcAcrossShards},
 * {@link io.basalt.storage.action.PrewriteAcrossShards}): one WAL write group and one fsync. A larger transaction
 * would hold every shard's latches for its whole write, so its batches go shard by shard: the other shards' first,
 * unsynced, then the primary's, synced, whose fsync makes the earlier batches durable too (the WAL is synced as a
 * prefix). Nothing relies on a batch before the whole prewrite has returned.
 *
 * <p>A write that meets another transaction's lock is retried once the lock is resolved or released. A 1PC or async
 * prewrite (one shard, or small) is a single write, so it has written nothing when it meets a lock: it leaves the
 * commit pipeline before it waits and rejoins with a fresh lower bound, which the retry carries as its min_commit_ts
 * (DESIGN.md §3.7), so its commit ts is above everything the pipeline delivered meanwhile. The first failure stops
 * the prewrite; the caller rolls back what was written. One instance per prewrite, used by the committing thread only.
 */
final class Prewriter {
    enum Mode { ONE_PC, ASYNC, PLAIN }

    record Outcome(List<PrewriteResult> results, boolean outboxWritten) {
    }

    /** A staged 1PC or async-commit batch, and whether it carries the binlog payload as an outbox record. */
    record Staged<T>(StagedCommand<T> command, boolean outboxWritten) {
    }

    private final TxnContext ctx;
    private final PreparedCommit pc;
    private final Mode mode;
    /** The pipeline registration of a 1PC or async prewrite; null for plain 2PC, which registers after it. */
    private final PipelineSeat seat;
    private final long maxCommitTs;
    private final long ttlMs;
    private boolean outboxWritten;

    private Prewriter(TxnContext ctx, PreparedCommit pc, Mode mode, PipelineSeat seat, long maxCommitTs, long ttlMs) {
        this.ctx = ctx;
        this.pc = pc;
        this.mode = mode;
        this.seat = seat;
        this.maxCommitTs = maxCommitTs;
        this.ttlMs = ttlMs;
    }

    static Outcome runPlain(TxnContext ctx, PreparedCommit pc, long ttlMs) {
        return new Prewriter(ctx, pc, Mode.PLAIN, null, 0, ttlMs).run();
    }

    /**
     * A 1PC prewrite of all shards in one batch, staged and not written (the {@link CommitWriter} writes it, or the
     * caller when it fell back to 2PC). A lock met is waited for outside the pipeline and the staging retried; in a
     * {@link io.basalt.storage.concurrency.NoWaitScope} the wait is refused with
     * {@link io.basalt.storage.concurrency.WouldBlockException} instead, nothing left latched. {@code seat} must be
     * registered.
     */
    static Staged<PrewriteResult> stageOnePc(TxnContext ctx, PreparedCommit pc, PipelineSeat seat, long maxCommitTs,
                                             long ttlMs) {
        return new Prewriter(ctx, pc, Mode.ONE_PC, seat, maxCommitTs, ttlMs).stage(requests -> requests.size() > 1
                ? ctx.kv().stagePrewriteOnePcAcross(requests)
                : ctx.kv().stagePrewrite(pc.primaryShard(), requests.get(pc.primaryShard())));
    }

    /**
     * An async-commit prewrite (within async commit's limits, so one batch, on one shard or several), staged as
     * {@link #stageOnePc} stages a 1PC; each shard's result in ascending shard order.
     */
    static Staged<List<PrewriteResult>> stageAsync(TxnContext ctx, PreparedCommit pc, PipelineSeat seat,
                                                   long maxCommitTs, long ttlMs) {
        return new Prewriter(ctx, pc, Mode.ASYNC, seat, maxCommitTs, ttlMs).stage(ctx.kv()::stagePrewriteAcross);
    }

    private <T> Staged<T> stage(Function<SortedMap<Integer, PrewriteRequest>, StagedCommand<T>> stageWrite) {
        long t0 = System.nanoTime();
        try {
            StagedCommand<T> staged = inOneWrite(stageWrite);
            return new Staged<>(staged, outboxWritten);
        } finally {
            ctx.metrics().prewriteLatency.record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
        }
    }

    private Outcome run() {
        long t0 = System.nanoTime();
        try {
            if (pc.batches().size() > 1 && CommitPathSelector.small(ctx.config(), pc)) {
                return new Outcome(inOneWrite(ctx.kv()::prewriteAcross), outboxWritten);
            }
            List<PrewriteResult> results = new ArrayList<>();
            for (Map.Entry<Integer, PreparedCommit.ShardBatch> e : pc.batches().entrySet()) {
                if (e.getKey() != pc.primaryShard()) {
                    results.add(prewriteShard(e.getKey(), e.getValue(), false));
                }
            }
            results.add(prewriteShard(pc.primaryShard(), pc.batches().get(pc.primaryShard()), true));
            return new Outcome(results, outboxWritten);
        } finally {
            ctx.metrics().prewriteLatency.record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Every shard's batch in one atomic write (or staged for one): a 1PC, or the prewrite of a small transaction. A
     * lock met leaves nothing written, and the write is retried.
     */
    private <T> T inOneWrite(Function<SortedMap<Integer, PrewriteRequest>, T> write) {
        long waitStart = System.nanoTime();
        while (true) {
            SortedMap<Integer, PrewriteRequest> requests = requests();
            try {
                T r = write.apply(requests);
                outboxWritten = requests.get(pc.primaryShard()).outbox() != null;
                if (mode == Mode.PLAIN) {
                    // a 1PC or async batch is only staged here: the commit writer hits this once it is durable
                    ctx.faults().hit(FaultPoints.AFTER_PRIMARY_PREWRITE, pc.startTs());
                }
                return r;
            } catch (KeyIsLockedException e) {
                waitForLock(e, waitStart);
            }
        }
    }

    /** Every shard's request, for one durable write of them all; built again for a retry (a fresh bound). */
    private SortedMap<Integer, PrewriteRequest> requests() {
        SortedMap<Integer, PrewriteRequest> requests = new TreeMap<>();
        pc.batches().forEach((shard, batch) -> requests.put(shard, request(batch, shard == pc.primaryShard(), true)));
        return requests;
    }

    private PrewriteRequest request(PreparedCommit.ShardBatch batch, boolean isPrimary, boolean durable) {
        byte[] outbox = mode != Mode.PLAIN && isPrimary && ctx.pipeline().hasSink() ? pc.payload() : null;
        // the current registration's bound: a retry after a lock wait carries the fresh one
        long minCommitTs = seat == null ? 0 : seat.ticket().bound();
        return new PrewriteRequest(batch.mutations(), batch.pessimisticLocked(), pc.primary(),
                pc.startTs(), ttlMs, pc.txnSize(), pc.forUpdateTs(), minCommitTs, maxCommitTs,
                mode == Mode.ASYNC, mode == Mode.ASYNC && isPrimary ? pc.secondaries() : List.of(),
                mode == Mode.ONE_PC, outbox, durable);
    }

    /**
     * Waits for or resolves the lock outside the commit pipeline; a 1PC or async prewrite then rejoins it, and the
     * retry carries the fresh bound.
     */
    private void waitForLock(KeyIsLockedException e, long waitStart) {
        if (seat != null) {
            seat.leave();
        }
        if (pc.options().waitForLocks()) {
            LockWaiter.awaitForWrite(ctx, e, pc.startTs(), waitStart, pc.options().lockWaitTimeoutMs());
        } else {
            LockWaiter.resolveWithoutWaiting(ctx, e, pc.startTs());
        }
        if (seat != null) {
            ctx.metrics().prewriteLockRetries.increment();
            seat.rejoin();
        }
    }

    private PrewriteResult prewriteShard(int shard, PreparedCommit.ShardBatch batch, boolean durable) {
        long waitStart = System.nanoTime();
        boolean isPrimary = shard == pc.primaryShard();
        while (true) {
            PrewriteRequest req = request(batch, isPrimary, durable);
            try {
                PrewriteResult r = ctx.kv().prewrite(shard, req);
                outboxWritten |= req.outbox() != null;
                ctx.faults().hit(isPrimary ? FaultPoints.AFTER_PRIMARY_PREWRITE : FaultPoints.AFTER_SECONDARY_PREWRITE,
                        pc.startTs());
                return r;
            } catch (KeyIsLockedException e) {
                waitForLock(e, waitStart);
            }
        }
    }
}
