package io.basalt.storage.txn;

import static io.basalt.storage.testing.StoreFixture.bytes;
import static io.basalt.storage.testing.StoreFixture.str;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.testing.InMemoryCommitSink;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.tso.Timestamps;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real-time order of commits (percolator spec §3.10, §7.7 #2/#4/#19; DESIGN.md I4): once commit() has returned, a
 * transaction that begins afterwards sees the write, for async commit (linearizable and causal-only) and 1PC, even
 * when the calculated commit ts ran ahead of the TSO because a reader at a high ts had raised max_ts. Linearizable
 * mode orders a commit that starts after another's acknowledgement after it even on disjoint keys; causal-only mode
 * saves exactly one TSO call per commit.
 */
class LinearizabilityTest {
    /** Tables 20..23: rows of table t on shard t mod 4. */
    static final long FIRST_TABLE = 20;
    static final int ITERATIONS_PER_MODE = 60;

    @TempDir
    Path dir;

    enum Mode {
        ASYNC_LINEARIZABLE, ASYNC_CAUSAL_ONLY, ONE_PC, ONE_PC_CAUSAL_ONLY;

        TxnOptions options(TxnStore store, boolean pessimistic) {
            TxnOptions o = store.defaultOptions().withPessimistic(pessimistic);
            return switch (this) {
                case ASYNC_LINEARIZABLE -> o.withAsyncCommit(true).withOnePc(false);
                case ASYNC_CAUSAL_ONLY -> o.withAsyncCommit(true).withOnePc(false).withCausalConsistencyOnly(true);
                case ONE_PC -> o.withAsyncCommit(true).withOnePc(true);
                case ONE_PC_CAUSAL_ONLY -> o.withAsyncCommit(false).withOnePc(true).withCausalConsistencyOnly(true);
            };
        }

        boolean multiShard() {
            return this == ASYNC_LINEARIZABLE || this == ASYNC_CAUSAL_ONLY;
        }

        CommitPath path() {
            return multiShard() ? CommitPath.ASYNC_COMMIT : CommitPath.ONE_PC;
        }
    }

    private TxnStore open(InMemoryCommitSink sink) {
        return open(sink, dir);
    }

    private static TxnStore open(InMemoryCommitSink sink, Path dataDir) {
        TxnStore store = StoreFixture.open(StoreFixture.config(dataDir), sink, FaultInjector.NONE);
        for (int i = 0; i < 4; i++) {
            store.placeTable(FIRST_TABLE + i, List.of());
        }
        return store;
    }

    private static byte[] key(int table, long handle) {
        return TableKeys.rowKey(FIRST_TABLE + table, handle);
    }

    /** Keys for one commit of {@code mode}: two on different shards (async) or one shard (1PC). */
    private static List<byte[]> keysFor(Mode mode, Random rnd, long handle) {
        int t1 = rnd.nextInt(4);
        if (!mode.multiShard()) {
            return rnd.nextBoolean() ? List.of(key(t1, handle)) : List.of(key(t1, handle), key(t1, handle + 1));
        }
        int t2 = (t1 + 1 + rnd.nextInt(3)) % 4;
        return List.of(key(t1, handle), key(t2, handle));
    }

    /**
     * Raises max_ts above everything the TSO handed out: a reader whose snapshot is ahead of the oracle (as a
     * transaction from a node with a faster TSO view would be). Returns its read ts.
     */
    private static long readAheadOfTso(TxnStore store, Random rnd, byte[] someKey) {
        long now = store.tso().current();
        long ahead = rnd.nextBoolean() ? now + 1 + rnd.nextInt(1000) // logical ticks ahead
                : Timestamps.compose(Timestamps.physical(now) + 1 + rnd.nextInt(5), 0);
        Transaction high = TxnFactory.begin(store.context(), ahead, store.defaultOptions());
        high.get(someKey);
        high.rollback();
        assertThat(store.context().cm().maxTs()).isGreaterThanOrEqualTo(ahead);
        return ahead;
    }

    @Test
    void aTransactionThatBeginsAfterACommitReturnedSeesIt() {
        InMemoryCommitSink sink = new InMemoryCommitSink();
        try (TxnStore store = open(sink)) {
            Random rnd = new Random(42);
            long handle = 0;
            int aheadOfTso = 0;
            for (Mode mode : Mode.values()) {
                for (int i = 0; i < ITERATIONS_PER_MODE; i++) {
                    handle += 2;
                    List<byte[]> keys = keysFor(mode, rnd, handle); // fresh keys: see below
                    boolean raise = i % 3 != 2;
                    long highReadTs = raise ? readAheadOfTso(store, rnd, key(rnd.nextInt(4), 999)) : 0;
                    long tsoBefore = store.tso().current();

                    Transaction w = store.begin(mode.options(store, rnd.nextBoolean()));
                    String value = mode + "-" + i;
                    for (byte[] k : keys) {
                        w.put(k, bytes(value));
                    }
                    long commitTs = w.commit(bytes(value));
                    // (a key still locked by an earlier async txn whose background commit is pending would make
                    // this commit fall back to 2PC; fresh keys keep the path deterministic)
                    assertThat(w.commitPath()).as(mode.name()).isEqualTo(mode.path());
                    if (raise) {
                        // snapshot isolation: the reader at highReadTs read the old value, so the commit is later
                        assertThat(commitTs).as("commit ts above a read ts that raised max_ts")
                                .isGreaterThan(highReadTs);
                    }
                    if (commitTs > tsoBefore) {
                        aheadOfTso++;
                    }

                    Transaction r = store.begin(store.defaultOptions().withPessimistic(rnd.nextBoolean()));
                    assertThat(r.startTs()).as("start ts of a txn begun after the commit returned")
                            .isGreaterThan(commitTs);
                    for (byte[] k : keys) {
                        assertThat(str(r.get(k))).as(mode + " iteration " + i).isEqualTo(value);
                    }
                    List<byte[]> vals = r.batchGet(keys);
                    vals.forEach(v -> assertThat(str(v)).isEqualTo(value));
                    r.rollback();
                    assertThat(sink.byStartTs(w.startTs()).commitTs()).isEqualTo(commitTs);
                }
            }
            assertThat(aheadOfTso).as("commits whose calculated ts ran ahead of the TSO").isPositive();
        }
    }

    /**
     * Without a sink only the TSO seed orders T2 after T1; with a sink the pipeline's bound (above everything
     * delivered) does so as well. Both must hold.
     */
    @Test
    void linearizableCommitIsOrderedAfterEveryCommitAcknowledgedBeforeItStarted() {
        for (boolean withSink : new boolean[] {false, true}) {
            try (TxnStore store = open(withSink ? new InMemoryCommitSink() : null,
                    dir.resolve(withSink ? "with-sink" : "no-sink"))) {
                commitsAfterAcknowledgedOnes(store);
            }
        }
    }

    private static void commitsAfterAcknowledgedOnes(TxnStore store) {
        Random rnd = new Random(7);
        for (Mode mode : List.of(Mode.ASYNC_LINEARIZABLE, Mode.ONE_PC)) {
            for (int i = 0; i < 40; i++) {
                long h = mode.ordinal() * 1000L + i; // fresh keys in every round
                int tx = rnd.nextInt(4);
                int ty = (tx + 1 + rnd.nextInt(3)) % 4;
                byte[] x = key(tx, 10_000 + h);
                byte[] y = key(ty, 20_000 + h);
                byte[] y2 = key((ty + 1) % 4, 30_000 + h); // T2 spans two shards in async mode
                // T2 begins first and writes keys disjoint from T1's
                Transaction t2 = store.begin(mode.options(store, rnd.nextBoolean()));
                t2.put(y, bytes("y" + i));
                if (mode.multiShard()) {
                    t2.put(y2, bytes("y" + i));
                }
                // T1 commits x with a calculated commit ts ahead of the TSO
                readAheadOfTso(store, rnd, key(tx, 999));
                Transaction t1 = store.begin(Mode.ONE_PC.options(store, false));
                t1.put(x, bytes("x" + i));
                long c1 = t1.commit(null);
                // T2's commit starts after T1's returned: it must be ordered after T1 (no causal reverse)
                long c2 = t2.commit(null);
                assertThat(t2.commitPath()).isEqualTo(mode.path());
                assertThat(c2).as(mode + ": commit started after another was acknowledged").isGreaterThan(c1);
                // so any snapshot that sees y also sees x
                Transaction r = TxnFactory.begin(store.context(), c2, store.defaultOptions());
                assertThat(str(r.get(y))).isEqualTo("y" + i);
                assertThat(str(r.get(x))).isEqualTo("x" + i);
                r.rollback();
            }
        }
    }

    @Test
    void registerStaysLinearizableUnderConcurrentCommitsAndHighReaders() throws Exception {
        try (TxnStore store = open(new InMemoryCommitSink())) {
            byte[] reg = key(1, 77);
            byte[] other = key(2, 77);
            Transaction init = store.begin();
            init.put(reg, bytes("0"));
            init.commit(null);
            AtomicLong acknowledged = new AtomicLong();
            AtomicBoolean stop = new AtomicBoolean();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            threads.add(new Thread(() -> {
                Random rnd = new Random(1);
                try {
                    for (long v = 1; v <= 150 && !stop.get(); v++) {
                        Mode mode = Mode.values()[rnd.nextInt(Mode.values().length)];
                        Transaction w = store.begin(mode.options(store, rnd.nextBoolean()));
                        w.put(reg, bytes(Long.toString(v)));
                        if (mode.multiShard()) {
                            w.put(other, bytes(Long.toString(v)));
                        }
                        w.commit(null);
                        acknowledged.set(v);
                    }
                } catch (Throwable e) {
                    failures.add(e);
                } finally {
                    stop.set(true);
                }
            }));
            threads.add(new Thread(() -> {
                Random rnd = new Random(2);
                try {
                    while (!stop.get()) {
                        readAheadOfTso(store, rnd, key(rnd.nextInt(4), 999));
                        Thread.sleep(1);
                    }
                } catch (Throwable e) {
                    failures.add(e);
                    stop.set(true);
                }
            }));
            for (int r = 0; r < 2; r++) {
                threads.add(new Thread(() -> {
                    try {
                        while (!stop.get()) {
                            long ack = acknowledged.get();
                            Transaction t = store.begin();
                            long seen = Long.parseLong(str(t.get(reg)));
                            t.rollback();
                            assertThat(seen).as("register read after value " + ack + " was acknowledged")
                                    .isGreaterThanOrEqualTo(ack);
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                        stop.set(true);
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(60));
                assertThat(t.isAlive()).as("thread finished").isFalse();
            }
            if (!failures.isEmpty()) {
                AssertionError e = new AssertionError("register clients failed", failures.peek());
                failures.forEach(e::addSuppressed);
                throw e;
            }
            assertThat(acknowledged.get()).isEqualTo(150);
        }
    }

    /**
     * An async-commit txn over two shards whose prewrite met a lock, after a reader at a ts ahead of the TSO raised
     * max_ts, waits outside the pipeline and retries async with a fresh bound: it commits above that read, at the ts
     * the binlog holds, whether the lock's owner rolled back or committed.
     */
    @Test
    void asyncCommitRetriedAfterALockCommitsAboveAReadThatRaisedMaxTs() throws Exception {
        InMemoryCommitSink sink = new InMemoryCommitSink();
        try (TxnStore store = StoreFixture.open(StoreFixture.config(dir), sink, FaultInjector.NONE)) {
            for (int t = 0; t < 4; t++) {
                store.placeTable(FIRST_TABLE + t, List.of());
            }
            for (int i = 0; i < 4; i++) {
                byte[] primary = key(0, 5_000 + i); // sorts first: the primary
                byte[] secondary = key(1, 5_000 + i);
                Transaction holder = store.begin(store.defaultOptions().withPessimistic(true));
                holder.lockKeys(List.of(primary), false, null);
                long ahead = Timestamps.compose(Timestamps.physical(store.tso().current()) + 50, 0);
                readAt(store, ahead, primary);
                Transaction w = store.begin(Mode.ASYNC_LINEARIZABLE.options(store, false));
                w.put(primary, bytes("w" + i));
                w.put(secondary, bytes("w" + i));
                double waits = store.metrics().lockWaits.count();
                CompletableFuture<Long> commit = CompletableFuture.supplyAsync(() -> w.commit(null));
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (store.metrics().lockWaits.count() == waits && System.nanoTime() < until) {
                    Thread.sleep(1);
                }
                if (i % 2 == 0) {
                    holder.rollback();
                } else {
                    holder.commit(null);
                }
                long commitTs = commit.get(30, TimeUnit.SECONDS);
                assertThat(w.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);
                assertThat(commitTs).as("above the read that raised max_ts").isGreaterThan(ahead);
                assertThat(sink.byStartTs(w.startTs()).commitTs()).isEqualTo(commitTs);
                Transaction r = store.begin();
                assertThat(str(r.get(primary))).isEqualTo("w" + i);
                assertThat(str(r.get(secondary))).isEqualTo("w" + i);
                r.rollback();
            }
            assertThat(store.metrics().prewriteLockRetries.count()).isEqualTo(4.0);
            assertThat(BankTest.rawLocks(store)).as("locks left").isEmpty();
        }
    }

    private static void readAt(TxnStore store, long ts, byte[] key) {
        Transaction high = TxnFactory.begin(store.context(), ts, store.defaultOptions());
        high.get(key);
        high.rollback();
    }

    @Test
    void causalConsistencyOnlySkipsExactlyOneTsoCall() {
        try (TxnStore store = open(null)) {
            var calls = store.metrics().registry().get("basalt.tso.calls").counter();
            long handle = 900;
            for (Mode[] pair : new Mode[][] {{Mode.ASYNC_LINEARIZABLE, Mode.ASYNC_CAUSAL_ONLY},
                                             {Mode.ONE_PC, Mode.ONE_PC_CAUSAL_ONLY}}) {
                double[] delta = new double[2];
                for (int m = 0; m < 2; m++) {
                    Mode mode = pair[m];
                    // fresh keys: meeting an earlier async txn's not yet committed lock would cost a TSO call more
                    handle++;
                    Transaction t = store.begin(mode.options(store, false));
                    t.put(key(0, handle), bytes("v"));
                    if (mode.multiShard()) {
                        t.put(key(1, handle), bytes("v"));
                    }
                    double before = calls.count();
                    t.commit(null);
                    delta[m] = calls.count() - before;
                    assertThat(t.commitPath()).isEqualTo(mode.path());
                }
                assertThat(delta[0] - delta[1]).as(pair[0] + " vs " + pair[1] + " TSO calls per commit")
                        .isEqualTo(1.0);
            }
        }
    }
}
