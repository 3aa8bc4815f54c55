package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.basalt.storage.action.PessimisticLockRequest;
import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.MvccTxn;
import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.testing.InMemoryCommitSink;
import io.basalt.storage.testing.PrewriteRequestBuilder;
import io.basalt.storage.txn.Transaction;
import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDB;

/**
 * Spec §7.7 scenarios about commit timestamps: 1PC (8), restart instead of leader transfer (9), non-unique
 * timestamps (12, 13), causal consistency (19) and GC (20).
 */
class TimestampScenariosTest extends ScenarioBase {

    /**
     * 8: a single-shard transaction commits with 1PC and writes no lock record at all (checked on the lock column
     * family's memtable entry count, puts and deletes alike); a two-shard one never uses 1PC. (A txn on one shard
     * always goes in one request here: there is no 16 KiB batch split, so "more than one batch" cannot occur.)
     * CommitTsTooLarge on a 1PC prewrite converts the collected locks into persisted plain locks and the client
     * completes with 2PC; a retried 1PC prewrite after success reports success and writes no second version.
     */
    @Test
    void scenario08_onePhaseCommit() throws Exception {
        open();
        commitValues(row(1), "a0", index(1), "i0");
        int rows = shardOf(row(1));
        long lockEntries = lockCfEntries(rows);
        commitByOnePcWithoutLocks(row(1), row(2));

        Transaction two = store.begin(optimistic().withOnePc(false));
        two.put(row(3), b("c1"));
        two.put(index(3), b("k1"));
        two.commit(null);
        assertThat(two.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);
        assertThat(lockCfEntries(rows)).as("async commit does write locks").isGreaterThan(lockEntries);

        long s = store.tso().next();
        PrewriteResult tooLarge = pw(row(6), s).put(row(6), "x").put(row(7), "y").onePc().min(s + 1).max(s).run();
        assertThat(tooLarge.onePcCommitTs()).isZero();
        assertThat(tooLarge.minCommitTs()).isZero();
        for (byte[] k : List.of(row(6), row(7))) {
            Lock l = lockOf(k);
            assertThat(l).as("persisted plain lock").isNotNull();
            assertThat(l.useAsyncCommit).isFalse();
            assertThat(writes(k)).isEmpty();
        }

        long s2 = store.tso().next();
        PrewriteRequestBuilder onePc = pw(row(8), s2).put(row(8), "z").onePc().min(s2 + 1);
        long c2 = onePc.run().onePcCommitTs();
        assertThat(c2).isPositive();
        PrewriteResult retried = onePc.run();
        assertThat(retried.alreadyCommitted()).as("retried 1PC prewrite reports success").isTrue();
        assertThat(writes(row(8)).stream().filter(vw -> vw.write().startTs == s2).map(VersionedWrite::commitTs))
                .containsExactly(c2);
        assertNoLock(row(8));

        // CommitTsTooLarge inside a transaction (max_ts overtakes max_commit_ts after the first key): 2PC completes
        Transaction f = store.begin(optimistic());
        f.put(row(4), b("d1"));
        f.put(row(5), b("e1"));
        long fTs = commitAsMaxTsOvertakesMaxCommitTs(f, row(4), row(5));
        assertThat(store.metrics().onePcFallbacks.count()).isEqualTo(1.0);
        assertThat(readFresh(row(4))).isEqualTo("d1");
        assertThat(readFresh(row(5))).isEqualTo("e1");
        assertCommittedAt(f.startTs(), fTs, row(4), row(5));
    }

    /**
     * 8b. 1PC across shards. The shards share one WAL, so a small transaction over several shards commits in one
     * atomic write at one commit ts, with no lock CF traffic on any of them. CommitTsTooLarge on the second shard's
     * key, after the first shard's key was held for 1PC, persists every key of both shards as a plain lock and the
     * client completes with 2PC.
     */
    @Test
    void scenario08b_onePhaseCommitAcrossShards() throws Exception {
        open();
        assertThat(shardOf(index(1))).as("rows and index entries on different shards").isNotEqualTo(shardOf(row(1)));
        commitByOnePcWithoutLocks(row(1), index(1));

        Transaction f = store.begin(optimistic());
        f.put(row(4), b("d1"));
        f.put(index(4), b("i4"));
        long fTs = commitAsMaxTsOvertakesMaxCommitTs(f, row(4), index(4));
        assertThat(store.metrics().onePcFallbacks.count()).isEqualTo(1.0);
        awaitCondition("f's secondary committed in the background",
                () -> recordOf(row(4), f.startTs()).isCommitted());
        assertCommittedAt(f.startTs(), fTs, row(4), index(4));

        Transaction h = store.begin(optimistic());
        h.put(row(9), b("h"));
        h.put(index(9), b("h"));
        pauser.crash(FaultPoints.BEFORE_WRITE_BATCH, h.startTs());
        assertThatThrownBy(() -> h.commit(null)).isInstanceOf(Pauser.SimulatedCrash.class);
        for (byte[] k : List.of(row(9), index(9))) {
            assertThat(lockOf(k)).as("no lock").isNull();
            assertThat(memoryLockOf(k)).as("memory lock released").isNull();
            assertThat(writes(k)).as("the one write never happened on either shard").isEmpty();
        }
    }

    /**
     * 8c. A 1PC across shards that meets another transaction's lock on the second shard writes nothing on the first
     * (the one write never happened); the client waits outside the commit pipeline and retries the 1PC.
     */
    @Test
    void scenario08c_onePhaseCommitAcrossShardsMeetingALockRetriesAsOnePc() {
        open();
        long holder = store.tso().next();
        pw(index(7), holder).put(index(7), "held").ttl(60_000).run();
        Transaction g = store.begin(optimistic());
        g.put(row(7), b("g"));
        g.put(index(7), b("g"));
        Future<Long> gc = async(() -> g.commit(null));
        awaitCondition("g waits for the held lock", () -> store.metrics().lockWaits.count() >= 1.0);
        assertNoLock(row(7));
        assertThat(writes(row(7))).as("nothing of g written while it waits").isEmpty();
        rollbackAndRelease(index(7), holder);
        long gTs = get(gc);
        assertThat(g.commitPath()).as("retried as 1PC across shards").isEqualTo(CommitPath.ONE_PC);
        assertThat(store.metrics().onePcFallbacks.count()).isZero();
        assertThat(store.metrics().prewriteLockRetries.count()).isEqualTo(1.0);
        assertCommittedAt(g.startTs(), gTs, row(7), index(7));
        assertNoLock(row(7), index(7));
    }

    /** Commits a transaction writing {@code a} and {@code b} and checks it took 1PC without lock CF traffic. */
    private void commitByOnePcWithoutLocks(byte[] a, byte[] b) throws Exception {
        long locksA = lockCfEntries(shardOf(a));
        long locksB = lockCfEntries(shardOf(b));
        Transaction t = store.begin(optimistic());
        t.put(a, b("1pc"));
        t.put(b, b("1pc"));
        long c = t.commit(null);
        assertThat(t.commitPath()).isEqualTo(CommitPath.ONE_PC);
        assertThat(lockCfEntries(shardOf(a))).as("no lock CF traffic for 1PC").isEqualTo(locksA);
        assertThat(lockCfEntries(shardOf(b))).as("no lock CF traffic for 1PC").isEqualTo(locksB);
        assertCommittedAt(t.startTs(), c, a, b);
    }

    /**
     * Commits {@code t} while max_ts overtakes max_commit_ts after its first key's memory lock (CommitTsTooLarge
     * inside the 1PC attempt): checks that every key holds a persisted plain lock before the 2PC primary commit, and
     * that the transaction completed with 2PC; returns its commit ts.
     */
    private long commitAsMaxTsOvertakesMaxCommitTs(Transaction t, byte[]... keys) throws Exception {
        long ahead = plusMs(store.tso().current(), SAFE_WINDOW_MS + 1000);
        pauser.act(FaultPoints.BEFORE_SET_MEMORY_LOCK, t.startTs(), () -> cm.updateMaxTs(ahead));
        Pauser.Rule beforePrimaryCommit = pauser.pause(FaultPoints.BEFORE_PRIMARY_COMMIT, t.startTs());
        Future<Long> commit = async(() -> t.commit(null));
        beforePrimaryCommit.awaitReached();
        for (byte[] k : keys) {
            Lock l = lockOf(k);
            assertThat(l).as("plain lock persisted for the 2PC fallback").isNotNull();
            assertThat(l.useAsyncCommit).isFalse();
            assertThat(l.useOnePc).isFalse();
        }
        beforePrimaryCommit.resume();
        long commitTs = get(commit);
        assertThat(t.commitPath()).isEqualTo(CommitPath.TWO_PC);
        return commitTs;
    }

    /**
     * 9. Equivalent of leader transfer / region merge in a single process: a restart loses max_ts and the memory lock
     * table. Reads done before the restart at ts R must never later observe a commit at ts &le; R: after reopening,
     * max_ts is re-seeded from the TSO high-water mark before any prewrite can run (the store opens synchronously,
     * so there is no "not yet synced" window to reject prewrites in), and an async or 1PC prewrite of a client that
     * began before the restart (causal mode: no TSO seed, min_commit_ts = start+1) still commits above R.
     */
    @Test
    void scenario09_restartReseedsMaxTsAboveEveryEarlierRead() {
        open();
        commitValues(row(1), "a0", index(1), "i0", row(2), "b0");
        long oldClientA = store.tso().next();
        long oldClientB = store.tso().next();
        long r = store.tso().next();
        assertThat(getAt(row(1), r)).isEqualTo("a0");
        assertThat(getAt(row(2), r)).isEqualTo("b0");
        closeStore();

        open();
        assertThat(cm.maxTs()).as("max_ts after restart").isGreaterThan(r);
        long m1 = pw(row(1), oldClientA).put(row(1), "a1").async(index(1)).min(oldClientA + 1).run().minCommitTs();
        long m2 = pw(row(1), oldClientA).put(index(1), "i1").async().min(oldClientA + 1).run().minCommitTs();
        long c = Math.max(m1, m2);
        assertThat(c).isGreaterThan(r);
        commitKeys(oldClientA, c, row(1), index(1));
        long c1pc = pw(row(2), oldClientB).put(row(2), "b1").onePc().min(oldClientB + 1).run().onePcCommitTs();
        assertThat(c1pc).isGreaterThan(r);
        assertThat(getAt(row(1), r)).isEqualTo("a0");
        assertThat(getAt(index(1), r)).isEqualTo("i0");
        assertThat(getAt(row(2), r)).isEqualTo("b0");
        assertThat(readFresh(row(1))).isEqualTo("a1");
        assertThat(readFresh(row(2))).isEqualTo("b1");

        Transaction t = store.begin(optimistic());
        t.put(row(3), b("c1"));
        t.put(index(3), b("k1"));
        assertThat(t.commit(null)).isGreaterThan(r);
    }

    /**
     * 12 (test_overlapped_ts_*, test_gc_fence): T1 async-commits k at ts C; T2 with start ts C is rolled back on k
     * (protected): the commit record is kept and flagged has_overlapped_rollback (gc_fence 0: no newer version), T1's
     * value stays visible, T2's retried prewrite and pessimistic lock fail; a non-protected rollback leaves the record
     * alone. With a newer version D, the rewritten record gets gc_fence D; once a compaction-style GC has dropped D,
     * the stale record is invisible to reads at ts &ge; D.
     */
    @Test
    void scenario12_nonUniqueTimestampsOverlappedRollbackAndGcFence() throws Exception {
        open();
        long base = store.tso().next();
        long t1 = base + 10;
        long c = base + 20;
        int rows = shardOf(row(1));
        assertThat(pw(row(1), t1).put(row(1), "v1").put(row(2), "w1").async(row(2)).min(c).run().minCommitTs())
                .isEqualTo(c);
        commitKeys(t1, c, row(1), row(2));

        long t2 = c;
        kv.cleanup(rows, row(1), t2, 0);
        Write w = writeAt(row(1), c);
        assertThat(w.type).isEqualTo(WriteType.PUT);
        assertThat(w.startTs).isEqualTo(t1);
        assertThat(w.hasOverlappedRollback).isTrue();
        assertThat(w.gcFence).isZero();
        assertThat(getAt(row(1), c)).isEqualTo("v1");
        assertThat(recordOf(row(1), t2).isRolledBack()).isTrue();
        assertThatThrownBy(() -> pw(row(1), t2).put(row(1), "x").run()).isInstanceOf(TxnRolledBackException.class);
        assertThatThrownBy(() -> kv.acquirePessimisticLock(rows, new PessimisticLockRequest(List.of(row(1)), null,
                row(1), t2, t2 + 5, 1000, false))).isInstanceOf(TxnRolledBackException.class);
        assertNoLock(row(1));

        kv.rollback(rows, List.of(row(2)), t2); // not protected: nothing to record
        Write w2 = writeAt(row(2), c);
        assertThat(w2.startTs).isEqualTo(t1);
        assertThat(w2.hasOverlappedRollback).isFalse();

        long t3 = base + 30;
        long c3 = base + 40;
        long t4 = base + 45;
        long d = base + 50;
        pw(row(3), t3).put(row(3), "old").run();
        commitKeys(t3, c3, row(3));
        pw(row(3), t4).put(row(3), "new").run();
        commitKeys(t4, d, row(3));
        kv.cleanup(rows, row(3), c3, 0);
        Write fenced = writeAt(row(3), c3);
        assertThat(fenced.hasOverlappedRollback).isTrue();
        assertThat(fenced.gcFence).isEqualTo(d);
        assertThat(getAt(row(3), d - 1)).isEqualTo("old");
        assertThat(getAt(row(3), d)).isEqualTo("new");

        Shard shard = store.shard(rows);
        try (MvccTxn raw = new MvccTxn(shard)) { // compaction-filter GC dropped the newer version
            raw.deleteWrite(row(3), d);
            raw.apply();
        }
        assertThat(getAt(row(3), d - 1)).isEqualTo("old");
        assertThat(getAt(row(3), d)).as("stale record behind its gc_fence").isNull();
        assertThat(getAt(row(3), d + 100)).isNull();
        assertThat(kv.scan(rows, row(3), row(4), 10, false, d, NONE)).isEmpty();
        assertThat(kv.scan(rows, row(3), row(4), 10, false, d - 1, NONE)).hasSize(1);
    }

    /**
     * 13: T2 (start 25) is rolled back (protected) on a key locked by async T1 whose min_commit_ts &le; 25: 25 goes
     * into T1's lock's rollback_ts and a rollback record is written; T1 committing at exactly 25 replaces it by a
     * commit record flagged has_overlapped_rollback, so T2 stays rolled back and T1 committed. A lock whose
     * min_commit_ts is above the rollback ts is not marked (it can never commit at that ts).
     */
    @Test
    void scenario13_rollbackTsOnForeignAsyncLock() {
        open();
        long base = store.tso().next();
        int rows = shardOf(row(1));
        long t1 = base + 10;
        assertThat(pw(row(1), t1).put(row(1), "v1").async().min(t1 + 1).run().minCommitTs()).isEqualTo(t1 + 1);
        long t2 = base + 25;
        kv.cleanup(rows, row(1), t2, 0);
        assertThat(lockOf(row(1)).rollbackTs).containsExactly(t2);
        assertThat(writeAt(row(1), t2).isProtectedRollback()).isTrue();

        commitKeys(t1, t2, row(1));
        Write w = writeAt(row(1), t2);
        assertThat(w.type).isEqualTo(WriteType.PUT);
        assertThat(w.startTs).isEqualTo(t1);
        assertThat(w.hasOverlappedRollback).isTrue();
        assertThat(getAt(row(1), t2)).isEqualTo("v1");
        assertThat(recordOf(row(1), t2).isRolledBack()).isTrue();
        assertCommittedAt(t1, t2, row(1));
        assertThatThrownBy(() -> pw(row(1), t2).put(row(1), "x").run()).isInstanceOf(TxnRolledBackException.class);

        long t3 = base + 30;
        assertThat(pw(row(2), t3).put(row(2), "y").async().min(base + 40).run().minCommitTs()).isEqualTo(base + 40);
        long t4 = base + 35;
        kv.cleanup(rows, row(2), t4, 0);
        assertThat(lockOf(row(2)).rollbackTs).isEmpty();
        commitKeys(t3, base + 45, row(2));
        assertThat(writeAt(row(2), base + 45).hasOverlappedRollback).isFalse();
        assertThat(writeAt(row(2), t4).isProtectedRollback()).isTrue();
    }

    /**
     * 19. Causal consistency only: T1 (start 1) writes x, T3 takes its snapshot ts, T2 writes y and is acknowledged,
     * then T1 commits. Without the TSO seed T1's commit ts is start+1 (max_ts was never raised: nobody read), below
     * T2's and T3's, so T3 sees T1's x but not T2's y although T2 finished first — the blog's reversal, reproduced
     * on two shards of one store (max_ts is store-wide here, and only reads raise it). With linearizability (the
     * default) T1 commits above T2 and T3 sees neither.
     */
    @Test
    void scenario19_causalReverseOnlyInCausalMode() {
        open();
        Transaction t1 = store.begin(optimistic().withCausalConsistencyOnly(true));
        t1.put(row(1), b("x1"));
        Transaction t3 = store.begin(optimistic());
        Transaction t2 = store.begin(optimistic());
        t2.put(index(1), b("y1"));
        long c2 = t2.commit(null);
        long c1 = t1.commit(null);
        assertThat(c1).isLessThan(c2);
        assertThat(c1).isLessThanOrEqualTo(t3.startTs());
        assertThat(s(t3.get(row(1)))).isEqualTo("x1");
        assertThat(t3.get(index(1))).as("T2 finished first but is invisible: causal reverse").isNull();

        Transaction u1 = store.begin(optimistic());
        u1.put(row(2), b("x2"));
        Transaction u3 = store.begin(optimistic());
        Transaction u2 = store.begin(optimistic());
        u2.put(index(2), b("y2"));
        long d2 = u2.commit(null);
        long d1 = u1.commit(null);
        assertThat(d1).isGreaterThan(d2);
        assertThat(u3.get(row(2))).isNull();
        assertThat(u3.get(index(2))).isNull();
        Transaction u4 = store.begin(optimistic());
        assertThat(s(u4.get(row(2)))).isEqualTo("x2");
        assertThat(s(u4.get(index(2)))).isEqualTo("y2");
    }

    /**
     * 19b. A causal-only commit registers its pipeline bound at max_ts + 1, the least its prewrite computes, not at
     * start_ts + 1: U, decided while the causal transaction prewrites, commits below max_ts and is delivered without
     * waiting for it (with a start_ts + 1 bound U's acknowledgement waited for the causal prewrite to finish).
     */
    @Test
    void scenario19b_causalOnlyCommitDoesNotHoldBackCommitsDecidedBelowMaxTs() {
        InMemoryCommitSink binlog = new InMemoryCommitSink();
        open(c -> { }, binlog);
        Transaction causal = store.begin(optimistic().withCausalConsistencyOnly(true));
        causal.put(row(1), b("c"));
        Transaction u = store.begin(asyncCommit());
        u.put(row(2), b("u"));
        u.put(index(2), b("k"));
        Pauser.Rule uPrewritten = pauser.pause(FaultPoints.AFTER_ALL_PREWRITES, u.startTs());
        Future<Long> uCommit = async(() -> u.commit(null));
        uPrewritten.awaitReached();
        long readTs = store.tso().next();
        getAt(row(3), readTs); // raises max_ts above U's commit ts
        Pauser.Rule causalPrewriting = pauser.pause(FaultPoints.BEFORE_SET_MEMORY_LOCK, causal.startTs());
        Future<Long> causalCommit = async(() -> causal.commit(null));
        causalPrewriting.awaitReached();

        uPrewritten.resume();
        long uTs = get(uCommit);
        assertThat(uTs).isLessThanOrEqualTo(readTs);
        assertThat(causalCommit).as("still paused in its prewrite").isNotDone();
        causalPrewriting.resume();
        assertThat(get(causalCommit)).isGreaterThan(readTs);
        assertThat(causal.commitPath()).isEqualTo(CommitPath.ONE_PC);
        assertThat(readFresh(row(1))).isEqualTo("c");
        assertThat(readFresh(row(2))).isEqualTo("u");
        assertThat(binlog.delivered()).extracting(DecidedTxn::startTs).containsExactly(u.startTs(), causal.startTs());
    }

    /**
     * 20: GC with safe point = now (gc_life_time 0). Crashed transactions below the safe point (an expired 2PC one,
     * an abandoned async one and an expired in-memory pessimistic lock) are resolved by the GC round before it
     * collects: the first rolled back, the second committed, the lock removed. An async prewrite in flight during the round (memory lock only) commits above the safe point (the
     * running transaction holds the safe point below its start ts). Old versions are removed, and a snapshot at a ts
     * above the safe point reads exactly the same before and after.
     */
    @Test
    void scenario20_gcResolvesLocksFirstAndKeepsReadsAboveSafePoint() {
        open(c -> c.gcLifeTimeMs = 0);
        commitValues(row(5), "v1");
        commitValues(row(5), "v2");
        commitValues(row(5), "v3");
        commitValues(row(6), "w1");
        Transaction del = store.begin(optimistic());
        del.delete(row(6));
        del.commit(null);
        commitValues(row(7), "x1", index(1), "i0", row(1), "a0", index(2), "j0", row(2), "b0");

        Transaction twoPc = store.begin(optimistic().withAsyncCommit(false).withOnePc(false));
        twoPc.put(index(1), b("i1"));
        twoPc.put(row(1), b("a1"));
        pauser.crash(FaultPoints.AFTER_PRIMARY_PREWRITE, twoPc.startTs());
        assertThat(root(catchThrowable(() -> twoPc.commit(null)))).isInstanceOf(Pauser.SimulatedCrash.class);
        Transaction asyncT = store.begin(asyncCommit());
        asyncT.put(index(2), b("j1"));
        asyncT.put(row(2), b("b1"));
        pauser.crash(FaultPoints.AFTER_ALL_PREWRITES, asyncT.startTs());
        assertThat(root(catchThrowable(() -> asyncT.commit(null)))).isInstanceOf(Pauser.SimulatedCrash.class);
        long abandonedTs = store.context().tso().next();
        kv.acquirePessimisticLock(shardOf(row(4)), new PessimisticLockRequest(List.of(row(4)), null, row(4),
                abandonedTs, abandonedTs, LOCK_TTL_MS, false));
        assertThat(store.shard(shardOf(row(4))).pessimisticLocks().get(row(4))).as("held in memory").isNotNull();
        letTimePass(SAFE_WINDOW_MS + 100); // the abandoned transactions' TTLs pass

        Transaction live = store.begin(asyncCommit());
        live.put(row(3), b("c1"));
        live.put(index(3), b("k1"));
        Pauser.Rule inFlight = pauser.pause(FaultPoints.BEFORE_SET_MEMORY_LOCK, live.startTs())
                .times(Integer.MAX_VALUE);
        Future<Long> liveCommit = async(() -> live.commit(null));
        inFlight.awaitReached();
        Transaction snapshot = store.begin(optimistic());
        List<String> before = List.of(String.valueOf(s(snapshot.get(row(5)))), String.valueOf(s(snapshot.get(row(6)))),
                String.valueOf(s(snapshot.get(row(7)))));

        long removed = store.gc().runOnce();
        long sp = store.gc().safePoint();
        assertThat(sp).isGreaterThanOrEqualTo(asyncT.startTs()).isLessThan(live.startTs());
        assertNoLock(index(1), row(1), index(2), row(2), row(4));
        // (the 2PC transaction's rollback records are at or below the safe point: collected by the same round)
        assertThat(recordOf(row(2), asyncT.startTs()).isCommitted()).isTrue();
        assertThat(recordOf(index(2), asyncT.startTs()).isCommitted()).isTrue();
        assertThat(removed).isPositive();
        assertThat(writes(row(5)).stream().filter(vw -> vw.commitTs() <= sp)).hasSize(1);
        assertThat(writes(row(6)).stream().filter(vw -> vw.commitTs() <= sp)).isEmpty();
        List<String> after = List.of(String.valueOf(s(snapshot.get(row(5)))), String.valueOf(s(snapshot.get(row(6)))),
                String.valueOf(s(snapshot.get(row(7)))));
        assertThat(after).isEqualTo(before).containsExactly("v3", "null", "x1");

        inFlight.resume();
        long lc = get(liveCommit);
        assertThat(lc).isGreaterThan(sp);
        assertThat(readFresh(row(3))).isEqualTo("c1");
        assertThat(readFresh(row(2))).isEqualTo("b1");
        assertThat(readFresh(row(1))).isEqualTo("a0");
        assertThat(readFresh(index(1))).isEqualTo("i0");
        assertThat(readFresh(index(2))).isEqualTo("j1");
    }

    /** Puts + deletes in the lock CF's active memtable of a shard. */
    private long lockCfEntries(int shard) throws Exception {
        Shard s = store.shard(shard);
        Field f = Shard.class.getDeclaredField("db");
        f.setAccessible(true);
        RocksDB db = (RocksDB) f.get(s);
        return db.getLongProperty(s.lockCf(), "rocksdb.num-entries-active-mem-table");
    }
}
