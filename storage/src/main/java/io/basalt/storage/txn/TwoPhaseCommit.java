package io.basalt.storage.txn;

import io.basalt.storage.error.UndeterminedResultException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.CommitPipeline;
import io.basalt.storage.tso.Timestamps;
import java.util.List;

/**
 * Classic Percolator 2PC: prewrite everything, take commit_ts from the TSO, hand the transaction to the binlog, commit
 * the primary (the commit point), then the secondaries in the background. Also finishes async-commit and 1PC
 * transactions that fell back. Before the binlog hand-over the transaction is marked "committing" after verifying
 * its primary lock, so no resolver can roll it back or push its commit ts in between (DESIGN.md §3.7).
 */
final class TwoPhaseCommit {
    private TwoPhaseCommit() {
    }

    static CommitOutcome commit(TxnContext ctx, PreparedCommit pc) {
        Prewriter.Outcome out = Prewriter.runPlain(ctx, pc, ttl(ctx, pc));
        return new CommitOutcome(finish(ctx, pc, out.outboxWritten()), CommitPath.TWO_PC);
    }

    /** Lock TTL for the prewrite: the base TTL plus the transaction's age, as client-go does (TTL counts from start_ts). */
    static long ttl(TxnContext ctx, PreparedCommit pc) {
        long base = pc.options().pessimistic() ? ctx.config().managedLockTtlMs : ctx.config().lockTtlMs;
        long age = Timestamps.physical(ctx.tso().now()) - Timestamps.physical(pc.startTs());
        return base + Math.max(age, 0);
    }

    /** Everything after a successful prewrite of all keys as (at least partly) plain 2PC locks. */
    static long finish(TxnContext ctx, PreparedCommit pc, boolean outboxWritten) {
        return finish(ctx, pc, outboxWritten, 0);
    }

    /**
     * As {@link #finish(TxnContext, PreparedCommit, boolean)}, for a transaction some of whose locks already carry a
     * min_commit_ts up to {@code minCommitTs} (async-commit prewrites before a fallback; it may run ahead of the
     * TSO). The commit ts is at least that and the primary lock's min_commit_ts: a lower one would make the commit
     * of those keys fail with CommitTsExpired after the binlog already holds the transaction.
     */
    static long finish(TxnContext ctx, PreparedCommit pc, boolean outboxWritten, long minCommitTs) {
        long startTs = pc.startTs();
        CommitPipeline pipeline = ctx.pipeline();
        ctx.cm().markCommitting(startTs);
        boolean handedOver = false;
        try {
            Lock primaryLock = ctx.kv().verifyPrimaryLock(pc.primaryShard(), pc.primary(), startTs);
            long floor = Math.max(minCommitTs, primaryLock.minCommitTs);
            CommitPipeline.Ticket ticket = pipeline.register(startTs, ctx.tso().current() + 1);
            long commitTs;
            try {
                commitTs = Math.max(Math.max(ctx.tso().next(), ticket.bound()), floor);
                ctx.tso().observe(commitTs);
            } catch (RuntimeException e) {
                pipeline.abandon(ticket); // a ticket left behind would hold back every later commit forever
                throw e;
            }
            try {
                handedOver = true;
                pipeline.commit(ticket, commitTs, CommitPath.TWO_PC, pc.payload());
                ctx.cm().markDurable(startTs, commitTs);
            } catch (UndeterminedResultException e) {
                throw e; // stays "committing": only restart recovery may decide it now
            } catch (RuntimeException e) {
                handedOver = false;
                pipeline.abandon(ticket);
                throw e;
            }
            try {
                ctx.faults().hit(FaultPoints.BEFORE_PRIMARY_COMMIT, startTs);
                long t0 = System.nanoTime();
                ctx.kv().commit(pc.primaryShard(), List.of(pc.primary()), startTs, commitTs);
                ctx.metrics().primaryCommitLatency.record(System.nanoTime() - t0,
                        java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (RuntimeException e) {
                // the binlog holds it: never roll back; resolvers commit the primary at the recorded ts
                throw DecidedCommit.undetermined(startTs, e);
            }
            ctx.cm().clearCommitting(startTs);
            ctx.faults().hit(FaultPoints.AFTER_PRIMARY_COMMIT, startTs);
            ctx.secondaries().submit(startTs, commitTs, KeyGroups.lockedKeysByShard(pc, false),
                    outboxWritten ? pc.primaryShard() : -1);
            return commitTs;
        } finally {
            if (!handedOver) {
                ctx.cm().clearCommitting(startTs);
            }
        }
    }
}
