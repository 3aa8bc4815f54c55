package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.basalt.storage.action.PessimisticLockRequest;
import io.basalt.storage.action.TxnStatus;
import io.basalt.storage.error.CommitTsExpiredException;
import io.basalt.storage.error.DeadlockException;
import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.PessimisticLockNotFoundException;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.txn.LockWaitManager;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.tso.Timestamps;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.7 scenarios about 2PC lock expiry and pessimistic transactions (14, 15, 16, 17, 18).
 */
class PessimisticScenariosTest extends ScenarioBase {

    /**
     * 14a: a 2PC coordinator dies after prewriting everything. A reader arriving before the TTL ran out pushes the
     * live-looking lock and reads past it (old values, nothing rolled back); a writer cannot: it waits for the TTL,
     * then rolls the expired primary back (protected rollback) and resolves the secondary it met the same way, and
     * commits.
     */
    @Test
    void scenario14a_expiredTwoPcPrimaryIsRolledBack() {
        open();
        commitValues(index(1), "i0", row(1), "r0");
        Transaction t = store.begin(optimistic().withAsyncCommit(false).withOnePc(false));
        t.put(index(1), b("i1")); // primary
        t.put(row(1), b("r1"));
        pauser.crash(FaultPoints.AFTER_PRIMARY_PREWRITE, t.startTs());
        assertThat(root(catchThrowable(() -> t.commit(null)))).isInstanceOf(Pauser.SimulatedCrash.class);
        assertThat(t.state()).isEqualTo(Transaction.State.FAILED);
        assertThat(lockOf(index(1)).useAsyncCommit).isFalse();
        assertThat(lockOf(row(1))).isNotNull();

        Transaction reader = store.begin(optimistic()); // before the TTL has run out
        assertThat(s(reader.get(row(1)))).isEqualTo("r0");
        assertThat(recordOf(index(1), t.startTs()).kind()).isEqualTo(CommitRecord.Kind.NONE);

        Transaction writer = store.begin(optimistic().withOnePc(false).withAsyncCommit(false));
        writer.put(row(1), b("w"));
        writer.commit(null);
        assertRolledBack(t.startTs(), index(1), row(1));
        assertThat(writeAt(index(1), t.startTs()).isProtectedRollback()).isTrue();
        assertThat(readFresh(row(1))).isEqualTo("w");
        assertThat(readFresh(index(1))).isEqualTo("i0");
        assertNoLock(index(1));
    }

    /**
     * 14b: the heartbeat keeps a live (idle) transaction's primary lock from expiring: well after several managed TTLs,
     * with nothing else running in the store, CheckTxnStatus (with a fresh current ts) still finds it alive, and the
     * transaction commits.
     */
    @Test
    void scenario14b_heartbeatPreventsExpiry() {
        open(c -> {
            c.managedLockTtlMs = 300;
            c.heartbeatIntervalMs = 50;
        });
        Transaction p = store.begin(pessimistic());
        p.put(row(2), b("p1"));
        letTimePass(1000);
        long now = store.tso().next();
        TxnStatus st = kv.checkTxnStatus(shardOf(row(2)), row(2), p.startTs(), now, now, true, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        Lock l = lockOf(row(2));
        assertThat(Timestamps.physical(p.startTs()) + l.ttlMs).isGreaterThan(Timestamps.physical(now));
        p.commit(null);
        assertThat(readFresh(row(2))).isEqualTo("p1");
    }

    /**
     * 14c: a reader with start ts &ge; a live 2PC lock's min_commit_ts pushes min_commit_ts past its start ts and reads
     * past the lock (bypass) without waiting; the coordinator's commit at a ts chosen before the push gets
     * CommitTsExpired and succeeds with a new TSO ts; the reader's snapshot is unaffected.
     */
    @Test
    void scenario14c_readerPushesMinCommitTsAndCommitRetriesWithNewTso() {
        open();
        commitValues(row(1), "r0");
        long s = store.tso().next();
        pw(row(1), s).put(row(1), "r1").run();
        long chosenCommitTs = store.tso().next();
        long r = store.tso().next();
        KeyIsLockedException met = thrown(KeyIsLockedException.class, () -> getAt(row(1), r));
        Set<Long> bypass = new HashSet<>();
        assertThat(store.context().resolver().resolve(new KeyLock(row(1), met.lock), r, bypass)).isZero();
        assertThat(bypass).containsExactly(s);
        assertThat(lockOf(row(1)).minCommitTs).isGreaterThan(r);
        assertThat(s(kv.get(shardOf(row(1)), row(1), r, bypass))).isEqualTo("r0");

        assertThatThrownBy(() -> commitKeys(s, chosenCommitTs, row(1))).isInstanceOf(CommitTsExpiredException.class);
        long retry = store.tso().next();
        commitKeys(s, retry, row(1));
        assertThat(getAt(row(1), r)).isEqualTo("r0");
        assertThat(getAt(row(1), retry)).isEqualTo("r1");
    }

    /**
     * 14d: the same inside transactions: a 2PC transaction paused between its prewrite and its commit does not make a
     * later reader wait for its TTL (the reader pushes it and reads the old values); the transaction then commits
     * normally, above the reader's ts.
     */
    @Test
    void scenario14d_readerBypassesLive2pcTransaction() {
        open(c -> c.lockTtlMs = 20_000);
        commitValues(row(1), "a0", row(2), "b0");
        Transaction t = store.begin(optimistic().withAsyncCommit(false).withOnePc(false));
        t.put(row(1), b("a1"));
        t.put(row(2), b("b1"));
        Pauser.Rule prewritten = pauser.pause(FaultPoints.AFTER_PRIMARY_PREWRITE, t.startTs());
        Future<Long> commit = async(() -> t.commit(null));
        prewritten.awaitReached();
        Transaction reader = store.begin(optimistic());
        assertThat(s(reader.get(row(1)))).isEqualTo("a0");
        assertThat(s(reader.get(row(2)))).isEqualTo("b0");
        prewritten.resume();
        long c = get(commit);
        assertThat(c).isGreaterThan(reader.startTs());
        assertThat(readFresh(row(1))).isEqualTo("a1");
        assertThat(s(reader.get(row(1)))).isEqualTo("a0");
    }

    /**
     * 15a: T1 locks A, T2 locks B, T1 waits for B, T2 waits for A: exactly one gets Deadlock (with the wait chain of
     * both), is rolled back and releases its locks; the other commits.
     */
    @Test
    void scenario15a_twoPartyDeadlock() {
        open();
        commitValues(row(1), "a0", row(2), "b0");
        Transaction t1 = store.begin(pessimistic());
        Transaction t2 = store.begin(pessimistic());
        t1.put(row(1), b("t1"));
        t2.put(row(2), b("t2"));
        Future<Long> f1 = async(() -> {
            t1.put(row(2), b("t1"));
            return t1.commit(null);
        });
        awaitCondition("t1 waits for t2", () -> store.metrics().lockWaits.count() >= 1);
        Future<Long> f2 = async(() -> {
            t2.put(row(1), b("t2"));
            return t2.commit(null);
        });
        List<Transaction> txns = List.of(t1, t2);
        List<Future<Long>> futures = List.of(f1, f2);
        int victim = assertExactlyOneDeadlock(txns, futures);
        String winner = victim == 0 ? "t2" : "t1";
        assertThat(readFresh(row(1))).isEqualTo(winner);
        assertThat(readFresh(row(2))).isEqualTo(winner);
        assertThat(store.metrics().deadlocks.count()).isEqualTo(1.0);
    }

    /** 15b: a three-party cycle A &rarr; B &rarr; C &rarr; A: exactly one victim, the two others commit. */
    @Test
    void scenario15b_threePartyDeadlock() {
        open();
        commitValues(row(1), "0", row(2), "0", row(3), "0");
        List<Transaction> txns = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Transaction t = store.begin(pessimistic());
            t.put(row(i + 1), b("t" + i));
            txns.add(t);
        }
        List<Future<Long>> futures = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Transaction t = txns.get(i);
            byte[] next = row((i + 1) % 3 + 1);
            String v = "t" + i;
            futures.add(async(() -> {
                t.put(next, b(v));
                return t.commit(null);
            }));
        }
        int victim = assertExactlyOneDeadlock(txns, futures);
        for (int k = 1; k <= 3; k++) {
            assertThat(readFresh(row(k))).as("row %d", k).isNotEqualTo("t" + victim).isNotEqualTo("0");
        }
    }

    /**
     * 15c: waiters for one key are woken smallest start_ts first; the others only after the wake-up delay (here a
     * timer the test fires by hand, so "only after" is exact).
     */
    @Test
    void scenario15c_waitersWokenSmallestStartTsFirst() throws Exception {
        List<Runnable> delayed = new CopyOnWriteArrayList<>();
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1) {
            @Override
            public ScheduledFuture<?> schedule(Runnable r, long delay, TimeUnit unit) {
                delayed.add(r);
                return null;
            }
        };
        try {
            LockWaitManager waits = new LockWaitManager(timer, 20);
            byte[] key = row(1);
            Future<Boolean> w30 = async(() -> waits.await(key, 30, 20_000, () -> false));
            awaitCondition("1 waiter", () -> waiters(waits, key) == 1);
            Future<Boolean> w10 = async(() -> waits.await(key, 10, 20_000, () -> false));
            awaitCondition("2 waiters", () -> waiters(waits, key) == 2);
            Future<Boolean> w20 = async(() -> waits.await(key, 20, 20_000, () -> false));
            awaitCondition("3 waiters", () -> waiters(waits, key) == 3);

            waits.released(List.of(key));
            assertThat(get(w10)).isTrue();
            assertThat(w20).isNotDone();
            assertThat(w30).isNotDone();
            assertThat(delayed).hasSize(1);
            delayed.get(0).run();
            assertThat(get(w20)).isTrue();
            assertThat(get(w30)).isTrue();
        } finally {
            timer.shutdownNow();
        }
    }

    /**
     * 15e (regression, found by scenario 24): the wait queues survive concurrent waiters and releases on one key.
     * ConcurrentSkipListMap.compute may run its function several times and concurrently with others, which corrupted
     * the PriorityQueue (AIOOBE / NPE thrown out of the releasing command, after its batch was applied). A stress
     * loop: any exception fails the test.
     */
    @Test
    void scenario15e_waitQueuesAreThreadSafe() {
        java.util.concurrent.ScheduledExecutorService timer =
                java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        try {
            LockWaitManager waits = new LockWaitManager(timer, 1);
            byte[] key = row(1);
            java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
            List<Future<?>> loops = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                long ts = i;
                loops.add(asyncRun(() -> {
                    while (!stop.get()) {
                        waits.await(key, ts, 1, () -> false);
                    }
                }));
            }
            for (int i = 0; i < 2; i++) {
                loops.add(asyncRun(() -> {
                    while (!stop.get()) {
                        waits.released(List.of(key));
                    }
                }));
            }
            letTimePass(1000);
            stop.set(true);
            loops.forEach(ScenarioBase::get);
            assertThat(waiters(waits, key)).isZero();
        } finally {
            timer.shutdownNow();
        }
    }

    /**
     * 15d: wake-up after the holder commits: the woken pessimistic waiter locks the newest version (its for_update_ts
     * is raised to the holder's commit ts) and gets the latest value back instead of a WriteConflict; its update
     * based on it loses nothing.
     */
    @Test
    void scenario15d_wokenWaiterLocksLatestVersionWithoutConflict() {
        open();
        commitValues(row(5), "0");
        Transaction holder = store.begin(pessimistic());
        assertThat(s(holder.lockKeys(List.of(row(5)), true, null).get(0))).isEqualTo("0");
        holder.put(row(5), b("1"));
        Transaction waiter = store.begin(pessimistic());
        double waitsBefore = store.metrics().lockWaits.count();
        Future<String> seen = async(() -> s(waiter.lockKeys(List.of(row(5)), true, null).get(0)));
        awaitCondition("waiter waits", () -> store.metrics().lockWaits.count() > waitsBefore);
        long c = holder.commit(null);
        assertThat(get(seen)).isEqualTo("1");
        assertThat(lockOf(row(5)).forUpdateTs).isGreaterThanOrEqualTo(c);
        waiter.put(row(5), b("2"));
        waiter.commit(null);
        assertThat(readFresh(row(5))).isEqualTo("2");
    }

    /**
     * 16: a pessimistic lock with return values reads at for_update_ts (the newest committed version, even one
     * committed after the transaction's start ts) and the caller uses that value directly (the engine has no
     * separate lock cache: the locking read returns it); check-existence fails on an existing key and passes on a
     * missing one; a value-returning lock raises max_ts to its for_update_ts, so a concurrent async commit lands
     * above it.
     */
    @Test
    void scenario16_pessimisticLockReturnsValuesAtForUpdateTs() {
        open();
        commitValues(row(1), "v0");
        Transaction t = store.begin(pessimistic());
        long newer = commitValues(row(1), "v1");
        List<byte[]> vals = t.lockKeys(List.of(row(1)), true, null);
        assertThat(s(vals.get(0))).isEqualTo("v1");
        assertThat(lockOf(row(1)).forUpdateTs).isGreaterThanOrEqualTo(newer);
        assertThatThrownBy(() -> t.lockKeys(List.of(row(1)), false, new boolean[] {true}))
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(t.lockKeys(List.of(row(9)), true, new boolean[] {true})).containsExactly((byte[]) null);
        t.put(row(1), b(s(vals.get(0)) + "+t"));
        t.commit(null);
        assertThat(readFresh(row(1))).isEqualTo("v1+t");

        long s2 = store.tso().next();
        long forUpdate = s2 + 100;
        kv.acquirePessimisticLock(shardOf(row(2)),
                new PessimisticLockRequest(List.of(row(2)), null, row(2), s2, forUpdate, 1000, true));
        assertThat(cm.maxTs()).isGreaterThanOrEqualTo(forUpdate);
        long s3 = s2 + 1;
        assertThat(pw(other(1), s3).put(other(1), "z").async().min(s3 + 1).run().minCommitTs())
                .isEqualTo(forUpdate + 1);
    }

    /**
     * 17. Lost pessimistic lock (equivalent of a leader change losing in-memory locks: the lock is removed the way a
     * resolver removes an expired pessimistic lock). With no newer write the prewrite amends it and the transaction
     * commits; after a newer committed write it fails with PessimisticLockNotFound and nothing of it survives.
     * (The stale force-lock check via expected_for_update_ts does not apply: the engine has no such request field.)
     */
    @Test
    void scenario17_lostPessimisticLock() {
        open();
        commitValues(row(1), "a0", index(1), "i0", row(2), "b0");
        Transaction t = store.begin(pessimistic());
        t.put(row(1), b("a1"));
        t.put(index(1), b("i1"));
        kv.pessimisticRollback(shardOf(row(1)), List.of(row(1)), t.startTs(), Long.MAX_VALUE);
        assertNoLock(row(1));
        t.commit(null);
        assertThat(readFresh(row(1))).isEqualTo("a1");
        assertThat(readFresh(index(1))).isEqualTo("i1");

        Transaction u = store.begin(pessimistic());
        u.put(row(2), b("u"));
        u.put(index(2), b("u"));
        kv.pessimisticRollback(shardOf(row(2)), List.of(row(2)), u.startTs(), Long.MAX_VALUE);
        commitValues(row(2), "w");
        assertThatThrownBy(() -> u.commit(null)).isInstanceOf(PessimisticLockNotFoundException.class);
        assertThat(u.state()).isEqualTo(Transaction.State.ROLLED_BACK);
        assertThat(readFresh(row(2))).isEqualTo("w");
        assertThat(readFresh(index(2))).isNull();
        assertNoLock(row(2), index(2));
    }

    /**
     * 18 (tidb#33641): pessimistic async commit whose primary's pessimistic lock expires while its prewrite is slow.
     * The secondary (index) is prewritten; the primary (row) still holds only its pessimistic lock when its TTL runs
     * out; a reader meeting the index lock rolls the primary back (protected) and the index with it. The slow primary
     * prewrite then fails: never "success + partial rollback". Also checks the TTL rule: inside a transaction every
     * async prewrite lock has ttl &ge; max_commit_ts - start_ts.
     */
    @Test
    void scenario18_pessimisticAsyncCommitWithExpiringPrimary() {
        open(c -> c.asyncCommitSafeWindowMs = 2000); // window well above the pessimistic TTL (600 ms)
        commitValues(row(1), "r0", index(1), "i0");
        long s = store.tso().next();
        long f = store.tso().next();
        kv.acquirePessimisticLock(shardOf(row(1)),
                new PessimisticLockRequest(List.of(row(1)), null, row(1), s, f, 100, false));
        kv.acquirePessimisticLock(shardOf(index(1)),
                new PessimisticLockRequest(List.of(index(1)), null, row(1), s, f, 100, false));
        long maxCommitTs = plusMs(store.tso().current(), SAFE_WINDOW_MS);
        long ttl = Timestamps.physical(maxCommitTs) - Timestamps.physical(s) + 1;
        assertThat(pw(row(1), s).putLocked(index(1), "i1").forUpdate(f).async().min(f + 1).max(maxCommitTs)
                .ttl(ttl).run().minCommitTs()).isPositive();
        letTimePass(150); // the primary's pessimistic lock (ttl 100 ms) expires: its heartbeat stalled

        assertThat(readFresh(index(1))).isEqualTo("i0");
        assertRolledBack(s, row(1), index(1));
        assertNoLock(row(1), index(1));
        assertThatThrownBy(() -> pw(row(1), s).putLocked(row(1), "r1").forUpdate(f).async(index(1)).min(f + 1)
                .max(maxCommitTs).ttl(ttl).run()).isInstanceOf(TxnRolledBackException.class);
        assertNoLock(row(1));
        assertThat(readFresh(row(1))).isEqualTo("r0");
        assertThat(readFresh(index(1))).isEqualTo("i0");

        Transaction t = store.begin(pessimistic().withOnePc(false));
        t.put(row(2), b("r2"));
        t.put(index(2), b("i2"));
        Pauser.Rule decided = pauser.pause(FaultPoints.AFTER_ALL_PREWRITES, t.startTs());
        Future<Long> commit = async(() -> t.commit(null));
        decided.awaitReached();
        for (byte[] k : List.of(row(2), index(2))) {
            Lock l = lockOf(k);
            assertThat(l.useAsyncCommit).isTrue();
            assertThat(l.ttlMs).as("ttl >= max_commit_ts - start_ts").isGreaterThan(2000);
        }
        decided.resume();
        get(commit);
        assertThat(readFresh(row(2))).isEqualTo("r2");
        assertThat(readFresh(index(2))).isEqualTo("i2");
    }

    // ------------------------------------------------------------------ helpers

    /** Exactly one of the transactions fails with Deadlock (wait chain naming it), the others commit. */
    private static int assertExactlyOneDeadlock(List<Transaction> txns, List<Future<Long>> futures) {
        int victim = -1;
        for (int i = 0; i < futures.size(); i++) {
            Future<Long> fu = futures.get(i);
            Throwable e = catchThrowable(() -> get(fu));
            if (e == null) {
                assertThat(txns.get(i).state()).isEqualTo(Transaction.State.COMMITTED);
                continue;
            }
            assertThat(e).isInstanceOf(DeadlockException.class);
            assertThat(victim).as("a second deadlock victim").isEqualTo(-1);
            victim = i;
            assertThat(((DeadlockException) e).waitChain).contains(txns.get(i).startTs()).hasSizeGreaterThan(1);
            assertThat(txns.get(i).state()).isEqualTo(Transaction.State.ROLLED_BACK);
        }
        assertThat(victim).as("one deadlock victim").isNotEqualTo(-1);
        return victim;
    }

    @SuppressWarnings("unchecked")
    private static int waiters(LockWaitManager waits, byte[] key) {
        try {
            Field f = LockWaitManager.class.getDeclaredField("queues");
            f.setAccessible(true);
            Map<byte[], java.util.Collection<?>> queues = (Map<byte[], java.util.Collection<?>>) f.get(waits);
            java.util.Collection<?> q = queues.get(key);
            return q == null ? 0 : q.size();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
