package io.basalt.storage.txn;

import io.basalt.storage.testing.Await;
import static io.basalt.storage.testing.StoreFixture.bytes;
import static io.basalt.storage.testing.StoreFixture.row;
import static io.basalt.storage.testing.StoreFixture.str;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.TxnStore;
import io.basalt.storage.error.DeadlockException;
import io.basalt.storage.error.LockNotWaitedException;
import io.basalt.storage.error.LockWaitTimeoutException;
import io.basalt.storage.testing.StoreFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pessimistic lock waits (percolator spec §2.10, §7.7 #15; DESIGN.md §3.6): deadlock detection for 2- and 3-party
 * cycles, lock wait timeout as a statement error, wake-up order by start_ts, statement savepoints, and heartbeats
 * keeping a live transaction's locks from being rolled back.
 */
class LockWaitTest {
    @TempDir
    Path dir;

    /** A client session on its own thread; remembers how its work ended. */
    static final class Session extends Thread {
        private final Runnable body;
        volatile Throwable error;

        Session(String name, Runnable body) {
            super(name);
            this.body = body;
            setDaemon(true);
        }

        static Session start(String name, Runnable body) {
            Session s = new Session(name, body);
            s.start();
            return s;
        }

        @Override
        public void run() {
            try {
                body.run();
            } catch (Throwable e) {
                error = e;
            }
        }

        void finish() throws InterruptedException {
            join(TimeUnit.SECONDS.toMillis(30));
            assertThat(isAlive()).as(getName() + " finished").isFalse();
        }
    }

    private static double lockWaits(TxnStore store) {
        return store.metrics().lockWaits.count();
    }

    /** Waits until the store has counted {@code n} more lock waits than {@code base}. */
    private static void awaitLockWaits(TxnStore store, double base, int n) throws InterruptedException {
        Await.until(n + " lock waits", () -> lockWaits(store) >= base + n);
    }

    private static Transaction pessimistic(TxnStore store) {
        return store.begin(store.defaultOptions().withPessimistic(true));
    }

    // ------------------------------------------------------------------ transactions that do not wait

    @Test
    void aTransactionThatMustNotWaitGivesUpOnALiveLockAndReleasesItsOwnLocks() {
        try (TxnStore store = StoreFixture.open(dir)) {
            Transaction holder = pessimistic(store);
            holder.lockKeys(List.of(row(1)), false, null);
            Transaction noWait = store.begin(store.defaultOptions().withPessimistic(false).withWaitForLocks(false));
            noWait.put(row(1), bytes("mine"));
            noWait.put(StoreFixture.index(1), bytes("mine")); // on another shard: that prewrite succeeds
            assertThatThrownBy(() -> noWait.commit(null)).isInstanceOf(LockNotWaitedException.class);
            // the holder then writes both keys without waiting for the transaction that gave up
            holder.put(row(1), bytes("holder"));
            holder.put(StoreFixture.index(1), bytes("holder"));
            holder.commit(null);
            assertThat(lockWaits(store)).isZero();
            Transaction reader = store.begin();
            assertThat(str(reader.get(row(1)))).isEqualTo("holder");
            assertThat(str(reader.get(StoreFixture.index(1)))).isEqualTo("holder");
        }
    }

    // ------------------------------------------------------------------ deadlocks

    @Test
    void twoPartyDeadlockAbortsExactlyOneAndTheOtherProceeds() throws Exception {
        try (TxnStore store = StoreFixture.open(dir)) {
            byte[] a = row(1);
            byte[] b = StoreFixture.index(2); // another shard: the cycle spans shards
            Transaction t1 = pessimistic(store);
            Transaction t2 = pessimistic(store);
            t1.lockKeys(List.of(a), false, null);
            t2.lockKeys(List.of(b), false, null);
            double base = lockWaits(store);
            Session s1 = Session.start("t1", () -> {
                t1.lockKeys(List.of(b), false, null);
                t1.put(a, bytes("t1"));
                t1.put(b, bytes("t1"));
                t1.commit(null);
            });
            awaitLockWaits(store, base, 1);
            Session s2 = Session.start("t2", () -> {
                t2.lockKeys(List.of(a), false, null);
                t2.put(a, bytes("t2"));
                t2.put(b, bytes("t2"));
                t2.commit(null);
            });
            s1.finish();
            s2.finish();
            List<Session> victims = new ArrayList<>();
            for (Session s : List.of(s1, s2)) {
                if (s.error != null) {
                    assertThat(s.error).as(s.getName()).isInstanceOf(DeadlockException.class);
                    victims.add(s);
                }
            }
            assertThat(victims).as("deadlock victims").hasSize(1);
            Transaction victim = victims.get(0) == s1 ? t1 : t2;
            Transaction winner = victim == t1 ? t2 : t1;
            assertThat(victim.state()).isEqualTo(Transaction.State.ROLLED_BACK);
            assertThat(winner.state()).isEqualTo(Transaction.State.COMMITTED);
            assertThat(((DeadlockException) victims.get(0).error).waitChain)
                    .contains(t1.startTs(), t2.startTs());
            String expected = winner == t1 ? "t1" : "t2";
            Transaction r = store.begin();
            assertThat(str(r.get(a))).isEqualTo(expected);
            assertThat(str(r.get(b))).isEqualTo(expected);
            assertThat(store.metrics().deadlocks.count()).isEqualTo(1.0);
        }
    }

    @Test
    void threePartyDeadlockAbortsExactlyOneAndTheOthersFinish() throws Exception {
        try (TxnStore store = StoreFixture.open(dir)) {
            byte[][] keys = {row(1), StoreFixture.index(1), row(3)};
            Transaction[] txns = new Transaction[3];
            for (int i = 0; i < 3; i++) {
                txns[i] = pessimistic(store);
                txns[i].lockKeys(List.of(keys[i]), false, null);
            }
            List<Session> sessions = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                int me = i;
                double base = lockWaits(store);
                sessions.add(Session.start("t" + i, () -> {
                    byte[] next = keys[(me + 1) % 3];
                    txns[me].lockKeys(List.of(next), false, null); // t0 -> t1 -> t2 -> t0
                    txns[me].put(keys[me], bytes("t" + me));
                    txns[me].put(next, bytes("t" + me));
                    txns[me].commit(null);
                }));
                if (i < 2) {
                    awaitLockWaits(store, base, 1);
                }
            }
            int victims = 0;
            for (int i = 0; i < 3; i++) {
                sessions.get(i).finish();
                Throwable e = sessions.get(i).error;
                if (e != null) {
                    assertThat(e).isInstanceOf(DeadlockException.class);
                    assertThat(((DeadlockException) e).waitChain).hasSizeGreaterThanOrEqualTo(3);
                    assertThat(txns[i].state()).isEqualTo(Transaction.State.ROLLED_BACK);
                    victims++;
                } else {
                    assertThat(txns[i].state()).isEqualTo(Transaction.State.COMMITTED);
                }
            }
            assertThat(victims).as("deadlock victims").isEqualTo(1);
        }
    }

    // ------------------------------------------------------------------ lock wait timeout

    @Test
    void lockWaitTimeoutFailsTheStatementButTheTransactionStaysUsable() throws Exception {
        try (TxnStore store = StoreFixture.open(dir)) {
            byte[] a = row(1);
            byte[] c = row(3);
            Transaction holder = pessimistic(store);
            holder.put(a, bytes("holder"));
            Transaction t = store.begin(store.defaultOptions().withPessimistic(true).withLockWaitTimeoutMs(300));
            t.put(c, bytes("c")); // locks c
            assertThatThrownBy(() -> t.lockKeys(List.of(a), true, null))
                    .isInstanceOf(LockWaitTimeoutException.class);
            assertThat(t.state()).isEqualTo(Transaction.State.ACTIVE);
            assertThat(store.metrics().lockWaitTimeouts.count()).isEqualTo(1.0);
            // the holder was not disturbed, and t still holds what it locked before
            Transaction third = store.begin(store.defaultOptions().withPessimistic(true).withLockWaitTimeoutMs(300));
            assertThatThrownBy(() -> third.lockKeys(List.of(c), false, null))
                    .isInstanceOf(LockWaitTimeoutException.class);
            third.rollback();
            holder.commit(null);
            // once released, the same transaction locks a, sees the latest value and commits
            assertThat(str(t.lockKeys(List.of(a), true, null).get(0))).isEqualTo("holder");
            t.put(a, bytes("t"));
            t.commit(null);
            Transaction r = store.begin();
            assertThat(str(r.get(a))).isEqualTo("t");
            assertThat(str(r.get(c))).isEqualTo("c");
        }
    }

    // ------------------------------------------------------------------ wake-up order

    /**
     * End to end, every waiter gets the lock in turn once the holder commits. Which waiter goes first is pinned by
     * {@link #lockWaitManagerWakesTheOldestWaiterAtOnceAndTheOthersLater}: here a younger waiter's periodic re-check
     * may, rarely, land in the instant of the release and take the lock first (as in TiKV's legacy wake-up mode),
     * so asserting the order end to end would be a flaky test.
     */
    @Test
    void everyWaiterGetsTheReleasedLockInTurn() throws Exception {
        try (TxnStore store = StoreFixture.open(dir)) {
            byte[] k = row(1);
            Transaction holder = pessimistic(store);
            holder.put(k, bytes("h"));
            Transaction[] w = {pessimistic(store), pessimistic(store), pessimistic(store)};
            assertThat(w[0].startTs()).isLessThan(w[1].startTs());
            assertThat(w[1].startTs()).isLessThan(w[2].startTs());
            ConcurrentLinkedQueue<Long> acquired = new ConcurrentLinkedQueue<>();
            CountDownLatch proceed = new CountDownLatch(1);
            List<Session> sessions = new ArrayList<>();
            // they start waiting youngest first, so arrival order is the opposite of start_ts order
            for (int i = 2; i >= 0; i--) {
                Transaction t = w[i];
                double base = lockWaits(store);
                sessions.add(Session.start("w" + i, () -> {
                    t.lockKeys(List.of(k), true, null);
                    acquired.add(t.startTs());
                    try {
                        proceed.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    t.put(k, bytes("w" + t.startTs()));
                    t.commit(null);
                }));
                awaitLockWaits(store, base, 1);
            }
            holder.commit(null);
            Await.until("a waiter got the lock", () -> !acquired.isEmpty());
            assertThat(acquired).as("only one waiter holds the lock while it has not committed").hasSize(1);
            proceed.countDown();
            for (Session s : sessions) {
                s.finish();
                assertThat(s.error).isNull();
            }
            assertThat(acquired).containsExactlyInAnyOrder(w[0].startTs(), w[1].startTs(), w[2].startTs());
            String last = str(store.begin().get(k));
            assertThat(last).isEqualTo("w" + acquired.toArray()[2]);
        }
    }

    @Test
    void lockWaitManagerWakesTheOldestWaiterAtOnceAndTheOthersLater() throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        CountDownLatch timerBlocked = new CountDownLatch(1);
        timer.execute(() -> {
            try {
                timerBlocked.await(30, TimeUnit.SECONDS); // delayed wake-ups cannot run until we release this
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            LockWaitManager m = new LockWaitManager(timer, 1);
            byte[] key = row(9);
            boolean[] woken = new boolean[3];
            List<Session> waiters = new ArrayList<>();
            for (int i = 2; i >= 0; i--) {
                int me = i;
                long startTs = 100 + i;
                waiters.add(Session.start("waiter" + i, () -> woken[me] = m.await(key, startTs, 20_000, () -> false)));
            }
            for (Session s : waiters) {
                Await.until(s.getName() + " waits", () -> s.getState() == Thread.State.TIMED_WAITING);
            }
            m.released(List.of(row(8))); // another key: nobody wakes
            m.released(List.of(key));
            Session oldest = waiters.get(2);
            oldest.finish();
            assertThat(woken[0]).as("oldest waiter woken by the release").isTrue();
            // the younger ones are woken only by the (blocked) delayed task; they stay asleep however long we look
            waiters.get(0).join(300);
            waiters.get(1).join(300);
            assertThat(waiters.get(0).isAlive() && waiters.get(1).isAlive()).as("younger waiters still asleep").isTrue();
            timerBlocked.countDown();
            for (Session s : waiters) {
                s.finish();
            }
            assertThat(woken).containsOnly(true);
        } finally {
            timerBlocked.countDown();
            timer.shutdownNow();
        }
    }

    @Test
    void aWaiterWhoseLockWentAwayBeforeItQueuedDoesNotSleep() throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            LockWaitManager m = new LockWaitManager(timer, 1);
            m.released(List.of(row(9))); // the release came first: it has nobody to wake
            boolean[] woken = new boolean[1];
            Session late = Session.start("late waiter", () -> woken[0] = m.await(row(9), 100, 20_000, () -> true));
            late.finish();
            assertThat(woken[0]).as("told the lock is gone, not timed out").isTrue();
        } finally {
            timer.shutdownNow();
        }
    }

    // ------------------------------------------------------------------ abandoned locks (I5)

    @Test
    void abandonedAsyncLocksAreResolvedAfterTheirTtlByALoneReaderAndALoneWriter() throws Exception {
        java.util.concurrent.atomic.AtomicLong abandon = new java.util.concurrent.atomic.AtomicLong(-1);
        io.basalt.storage.fault.FaultInjector faults = (point, startTs) -> {
            if (startTs == abandon.get() && point.equals(io.basalt.storage.fault.FaultPoints.AFTER_PRIMARY_PREWRITE)) {
                throw new IllegalStateException("client went away");
            }
        };
        var cfg = StoreFixture.config(dir);
        cfg.asyncCommitSafeWindowMs = 300;
        try (TxnStore store = StoreFixture.open(cfg, null, faults)) {
            for (int round = 0; round < 2; round++) {
                byte[] a = row(10 + round);
                byte[] b = StoreFixture.index(10 + round); // other shard: async commit
                Transaction t = store.begin(store.defaultOptions().withPessimistic(false));
                t.put(a, bytes("abandoned" + round));
                t.put(b, bytes("abandoned" + round));
                abandon.set(t.startTs());
                assertThatThrownBy(() -> t.commit(null)).hasMessageContaining("client went away");
                // nobody else uses the store: the lone waiter must still see the locks expire and resolve them
                boolean reader = round == 0;
                String[] seen = new String[1];
                Session s = Session.start(reader ? "lone-reader" : "lone-writer", () -> {
                    Transaction x = store.begin(store.defaultOptions().withPessimistic(!reader)
                            .withLockWaitTimeoutMs(20_000));
                    seen[0] = str(reader ? x.get(b) : x.lockKeys(List.of(b), true, null).get(0));
                    x.rollback();
                });
                s.join(TimeUnit.SECONDS.toMillis(20));
                boolean stuck = s.isAlive();
                if (stuck) {
                    s.interrupt();
                }
                assertThat(stuck).as(s.getName() + " waits forever on an expired lock").isFalse();
                assertThat(s.error).isNull();
                // every prewrite had succeeded: the resolver commits the abandoned async transaction
                assertThat(seen[0]).isEqualTo("abandoned" + round);
            }
        }
    }

    // ------------------------------------------------------------------ savepoints and heartbeats

    @Test
    void savepointRollbackUndoesBufferedWritesButKeepsLocks() throws Exception {
        try (TxnStore store = StoreFixture.open(dir)) {
            byte[] a = row(1);
            byte[] b = StoreFixture.index(1);
            Transaction t = pessimistic(store);
            t.put(a, bytes("1"));
            int sp = t.savepoint();
            t.put(b, bytes("2"));
            t.put(a, bytes("3"));
            assertThat(str(t.get(a))).isEqualTo("3");
            t.rollbackToSavepoint(sp);
            assertThat(str(t.get(a))).isEqualTo("1");
            assertThat(t.get(b)).isNull();
            Transaction other = store.begin(store.defaultOptions().withPessimistic(true).withLockWaitTimeoutMs(300));
            assertThatThrownBy(() -> other.lockKeys(List.of(b), false, null))
                    .as("b stays locked by the rolled-back statement's transaction")
                    .isInstanceOf(LockWaitTimeoutException.class);
            t.commit(null);
            Transaction r = store.begin();
            assertThat(str(r.get(a))).isEqualTo("1");
            assertThat(r.get(b)).as("the undone write never commits").isNull();
            other.lockKeys(List.of(b), false, null); // released by the commit
            other.rollback();
        }
    }

    /**
     * A lock taken after waiting longer than the lock TTL must not be born expired (TTL counts from start_ts, so the
     * request's TTL has to include the time already spent, as client-go does): otherwise, until the next heartbeat,
     * any other waiter rolls it back and both transactions believe they hold the key.
     */
    @Test
    void pessimisticLockTakenAfterALongWaitIsNotBornExpired() throws Exception {
        try (TxnStore store = StoreFixture.open(dir)) {
            byte[] a = row(1);
            long ttl = StoreFixture.config(dir).managedLockTtlMs;
            Transaction holder = pessimistic(store);
            holder.lockKeys(List.of(a), false, null);
            Transaction late = pessimistic(store);
            CountDownLatch acquired = new CountDownLatch(1);
            CountDownLatch finish = new CountDownLatch(1);
            Session s = Session.start("late", () -> {
                late.lockKeys(List.of(a), true, null);
                acquired.countDown();
                try {
                    finish.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                late.put(a, bytes("late"));
                late.commit(null);
            });
            // let the late transaction wait well past its TTL before it gets the lock
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ttl * 3 / 2);
            while (System.nanoTime() < until) {
                Thread.sleep(20);
            }
            holder.commit(null);
            assertThat(acquired.await(30, TimeUnit.SECONDS)).isTrue();
            Transaction other = store.begin(store.defaultOptions().withPessimistic(true).withLockWaitTimeoutMs(300));
            assertThatThrownBy(() -> other.lockKeys(List.of(a), false, null))
                    .as("the late transaction holds the lock: another must wait, not roll it back")
                    .isInstanceOf(LockWaitTimeoutException.class);
            other.rollback();
            finish.countDown();
            s.finish();
            assertThat(s.error).isNull();
            assertThat(str(store.begin().get(a))).isEqualTo("late");
        }
    }

    @Test
    void heartbeatKeepsAPessimisticTransactionsLocksAliveBeyondTheirTtl() throws Exception {
        try (TxnStore store = StoreFixture.open(dir)) {
            byte[] a = row(1);
            long ttl = StoreFixture.config(dir).managedLockTtlMs;
            Transaction holder = pessimistic(store);
            holder.put(a, bytes("holder"));
            // wait well beyond the lock's TTL: without heartbeats the waiter would roll the holder back
            Transaction waiter = store.begin(store.defaultOptions().withPessimistic(true)
                    .withLockWaitTimeoutMs(ttl * 5 / 2));
            assertThatThrownBy(() -> waiter.lockKeys(List.of(a), false, null))
                    .isInstanceOf(LockWaitTimeoutException.class);
            assertThat(holder.state()).isEqualTo(Transaction.State.ACTIVE);
            holder.commit(null);
            Transaction r = store.begin();
            assertThat(str(r.get(a))).isEqualTo("holder");
            // and a released lock is immediately available
            assertThat(str(waiter.lockKeys(List.of(a), true, null).get(0))).isEqualTo("holder");
            waiter.rollback();
        }
    }
}
