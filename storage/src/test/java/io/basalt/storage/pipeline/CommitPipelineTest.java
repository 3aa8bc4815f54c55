package io.basalt.storage.pipeline;

import io.basalt.storage.testing.Await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.TxnStore;
import io.basalt.storage.error.LockWaitTimeoutException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.error.UndeterminedResultException;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.testing.InMemoryCommitSink;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnOptions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commit pipeline (DESIGN.md §3.7): delivery strictly in (commitTs, startTs) order behind the watermark of
 * registered, undecided transactions; bounds above everything delivered; group commit; a failing sink; no sink; and
 * the whole thing end to end through the store.
 */
class CommitPipelineTest {
    @TempDir
    Path dir;

    /** Records every group; optionally blocks its first delivery until released, or fails. */
    static final class RecordingSink implements CommitSink {
        final List<List<DecidedTxn>> groups = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch firstEntered = new CountDownLatch(1);
        final CountDownLatch releaseFirst;
        final Throwable failWith;
        final AtomicInteger calls = new AtomicInteger();
        volatile GroupCommitWait groupCommitWait = GroupCommitWait.NONE;

        RecordingSink(boolean blockFirst, Throwable failWith) {
            this.releaseFirst = new CountDownLatch(blockFirst ? 1 : 0);
            this.failWith = failWith;
        }

        RecordingSink() {
            this(false, null);
        }

        @Override
        public void deliver(List<DecidedTxn> group) {
            if (calls.getAndIncrement() == 0) {
                firstEntered.countDown();
                try {
                    if (!releaseFirst.await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("test never released the sink");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            if (failWith instanceof Error e) {
                throw e;
            }
            if (failWith != null) {
                throw (RuntimeException) failWith;
            }
            groups.add(List.copyOf(group));
        }

        List<DecidedTxn> delivered() {
            List<DecidedTxn> out = new ArrayList<>();
            synchronized (groups) {
                groups.forEach(out::addAll);
            }
            return out;
        }

        List<Long> deliveredStartTs() {
            return delivered().stream().map(DecidedTxn::startTs).toList();
        }

        @Override
        public GroupCommitWait groupCommitWait() {
            return groupCommitWait;
        }

        @Override
        public SinkPosition durablePosition() {
            return SinkPosition.ZERO;
        }

        @Override
        public OptionalLong recordedCommitTs(long startTs) {
            return OptionalLong.empty();
        }
    }

    /** A thread running one pipeline call; remembers how it ended. */
    static final class Committer extends Thread {
        private final Runnable body;
        volatile Throwable error;
        volatile boolean finished;

        Committer(String name, Runnable body) {
            super(name);
            this.body = body;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                body.run();
            } catch (Throwable e) {
                error = e;
            } finally {
                finished = true;
            }
        }

        static Committer start(String name, Runnable body) {
            Committer c = new Committer(name, body);
            c.start();
            return c;
        }

        void finish() throws InterruptedException {
            join(TimeUnit.SECONDS.toMillis(30));
            assertThat(isAlive()).as(getName() + " finished").isFalse();
        }

        void finishOk() throws InterruptedException {
            finish();
            if (error != null) {
                throw new AssertionError(getName() + " failed", error);
            }
        }
    }

    private static CommitPipeline pipeline(CommitSink sink) {
        return new CommitPipeline(sink, SinkPosition.ZERO, new SimpleMeterRegistry());
    }

    private static byte[] payload(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Waits until {@code t} is parked in the pipeline's condition wait: it has recorded its decision and is held back
     * (or follows a leader). Stack inspection, not timing: the frame is there only while it waits.
     */
    private static void awaitHeldBack(Thread t) throws InterruptedException {
        Await.until(t.getName() + " waits in the pipeline", () -> {
            if (!t.isAlive()) {
                throw new AssertionError(t.getName() + " was not held back: its commit already returned");
            }
            for (StackTraceElement e : t.getStackTrace()) {
                if (e.getMethodName().startsWith("await") && e.getClassName().contains("AbstractQueuedSynchronizer")) {
                    for (StackTraceElement f : t.getStackTrace()) {
                        if (f.getClassName().equals(CommitPipeline.class.getName())
                                && f.getMethodName().equals("commit")) {
                            return true;
                        }
                    }
                }
            }
            return false;
        });
    }

    // ------------------------------------------------------------------ ordering and the watermark

    @Test
    void decidedOutOfOrderIsDeliveredInCommitTsThenStartTsOrder() throws Exception {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket t1 = p.register(10, 100);
        CommitPipeline.Ticket t2 = p.register(11, 100);
        CommitPipeline.Ticket t3 = p.register(12, 100);
        CommitPipeline.Ticket t4 = p.register(13, 100);
        // decided in the order t4, t3, t2 while t1 (lowest bound) is still undecided: all held back
        Committer c4 = Committer.start("t4", () -> p.commit(t4, 130, CommitPath.ASYNC_COMMIT, payload("4")));
        awaitHeldBack(c4);
        Committer c3 = Committer.start("t3", () -> p.commit(t3, 120, CommitPath.TWO_PC, payload("3")));
        awaitHeldBack(c3);
        Committer c2 = Committer.start("t2", () -> p.commit(t2, 120, CommitPath.ONE_PC, payload("2")));
        awaitHeldBack(c2);
        assertThat(sink.delivered()).as("nothing passes an undecided txn with a lower bound").isEmpty();
        p.commit(t1, 110, CommitPath.ONE_PC, payload("1"));
        c2.finishOk();
        c3.finishOk();
        c4.finishOk();
        List<DecidedTxn> d = sink.delivered();
        assertThat(d).extracting(DecidedTxn::startTs).containsExactly(10L, 11L, 12L, 13L);
        assertThat(d).extracting(DecidedTxn::commitTs).containsExactly(110L, 120L, 120L, 130L);
        assertThat(d.get(3).path()).isEqualTo(CommitPath.ASYNC_COMMIT);
        assertThat(d.get(3).payload()).isEqualTo(payload("4"));
    }

    @Test
    void decidedTxnIsHeldBackUntilTheLowerBoundTxnAbandons() throws Exception {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket low = p.register(1, 100);
        CommitPipeline.Ticket high = p.register(2, 100);
        Committer c = Committer.start("high", () -> p.commit(high, 150, CommitPath.ASYNC_COMMIT, null));
        awaitHeldBack(c);
        assertThat(sink.delivered()).isEmpty();
        p.abandon(low);
        c.finishOk();
        assertThat(sink.deliveredStartTs()).containsExactly(2L);
        assertThat(sink.delivered().get(0).payload()).as("null payload delivered as empty").isEmpty();
    }

    @Test
    void decidedTxnIsHeldBackUntilTheLowerBoundTxnDecides() throws Exception {
        for (long lowCommitTs : new long[] {120, 200}) {
            RecordingSink sink = new RecordingSink();
            CommitPipeline p = pipeline(sink);
            CommitPipeline.Ticket low = p.register(1, 100);
            CommitPipeline.Ticket high = p.register(2, 100);
            Committer c = Committer.start("high", () -> p.commit(high, 150, CommitPath.TWO_PC, null));
            awaitHeldBack(c);
            assertThat(sink.delivered()).isEmpty();
            Committer l = Committer.start("low", () -> p.commit(low, lowCommitTs, CommitPath.ONE_PC, null));
            l.finishOk();
            c.finishOk();
            assertThat(sink.deliveredStartTs()).as("low decided at " + lowCommitTs)
                    .containsExactly(lowCommitTs < 150 ? new Long[] {1L, 2L} : new Long[] {2L, 1L});
        }
    }

    @Test
    void decidedTxnBelowEveryUndecidedBoundIsNotHeldBack() {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket undecided = p.register(1, 100);
        CommitPipeline.Ticket early = p.register(2, 50);
        p.commit(early, 60, CommitPath.ONE_PC, null); // returns: 60 < 100, nothing to wait for
        assertThat(sink.deliveredStartTs()).containsExactly(2L);
        // the undecided one was registered before the delivery: its commit must stay above its own bound
        assertThatThrownBy(() -> p.commit(undecided, 99, CommitPath.ONE_PC, null))
                .isInstanceOf(IllegalStateException.class);
        p.abandon(undecided);
    }

    @Test
    void registerAfterADeliveryGetsABoundAboveEverythingDelivered() {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket a = p.register(1, 10);
        assertThat(a.bound()).isEqualTo(10);
        p.commit(a, 500, CommitPath.ASYNC_COMMIT, null);
        CommitPipeline.Ticket b = p.register(2, 10);
        assertThat(b.bound()).isGreaterThan(500);
        CommitPipeline.Ticket c = p.register(3, 900);
        assertThat(c.bound()).isEqualTo(900);
        p.commit(b, b.bound(), CommitPath.ONE_PC, null); // below c's bound: not held back
        p.commit(c, 900, CommitPath.ONE_PC, null);
        CommitPipeline.Ticket d = p.register(4, 1);
        assertThat(d.bound()).isGreaterThan(900);
        p.abandon(d);
        List<DecidedTxn> delivered = sink.delivered();
        assertThat(delivered).extracting(DecidedTxn::startTs).containsExactly(1L, 2L, 3L);
    }

    // ------------------------------------------------------------------ group commit

    @Test
    void concurrentCommittersAreDeliveredInGroups() throws Exception {
        RecordingSink sink = new RecordingSink(true, null);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        CommitPipeline p = new CommitPipeline(sink, SinkPosition.ZERO, registry);
        int n = 12;
        List<Committer> committers = new ArrayList<>();
        CommitPipeline.Ticket first = p.register(1000, 1000);
        committers.add(Committer.start("c0", () -> p.commit(first, 1000, CommitPath.ONE_PC, null)));
        assertThat(sink.firstEntered.await(30, TimeUnit.SECONDS)).as("first group in the sink").isTrue();
        // while the leader's sink write is in progress, the others decide and queue up behind it
        for (int i = 1; i < n; i++) {
            long startTs = 1000 + i;
            committers.add(Committer.start("c" + i, () -> {
                CommitPipeline.Ticket t = p.register(startTs, startTs);
                p.commit(t, t.bound(), CommitPath.ASYNC_COMMIT, null);
            }));
        }
        for (int i = 1; i < n; i++) {
            awaitHeldBack(committers.get(i));
        }
        assertThat(sink.groups).isEmpty();
        sink.releaseFirst.countDown();
        for (Committer c : committers) {
            c.finishOk();
        }
        List<Integer> sizes = sink.groups.stream().map(List::size).toList();
        assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).as("every commit delivered once").isEqualTo(n);
        assertThat(sizes).as("group sizes").anyMatch(s -> s > 1);
        assertThat(sink.delivered()).extracting(DecidedTxn::startTs).isSorted().doesNotHaveDuplicates().hasSize(n);
        assertThat(registry.get("basalt.commit.pipeline.groups").counter().count()).isEqualTo(sizes.size());
        assertThat(registry.get("basalt.commit.pipeline.group.size").summary().totalAmount()).isEqualTo(n);
    }

    @Test
    void aLeaderWaitingForALargerGroupIsWokenWhenTheGroupIsComplete() throws Exception {
        RecordingSink sink = new RecordingSink();
        sink.groupCommitWait = new GroupCommitWait(3, TimeUnit.HOURS.toMicros(1));
        CommitPipeline p = pipeline(sink);
        List<Committer> committers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long startTs = 10 + i;
            committers.add(Committer.start("c" + i, () -> {
                CommitPipeline.Ticket t = p.register(startTs, startTs);
                p.commit(t, t.bound(), CommitPath.ONE_PC, null);
            }));
        }
        for (Committer c : committers) {
            c.finishOk(); // long before the hour: the third decision wakes the waiting leader
        }
        assertThat(sink.groups).hasSize(1);
        assertThat(sink.deliveredStartTs()).containsExactly(10L, 11L, 12L);
    }

    @Test
    void committersThatWaitAreAllWokenWhileOthersDecideAndAbandon() throws Exception {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        AtomicLong clock = new AtomicLong();
        Set<Long> committed = ConcurrentHashMap.newKeySet();
        List<Committer> committers = new ArrayList<>();
        for (int w = 0; w < 16; w++) {
            int worker = w;
            committers.add(Committer.start("w" + w, () -> {
                Random rnd = new Random(worker);
                for (int i = 0; i < 500; i++) {
                    long startTs = worker * 1_000_000L + i;
                    CommitPipeline.Ticket t = p.register(startTs, clock.incrementAndGet());
                    if (rnd.nextInt(5) == 0) {
                        p.abandon(t); // moves the watermark without a decision: a waiting committer must lead
                        continue;
                    }
                    long commitTs = t.bound() + rnd.nextInt(3);
                    clock.accumulateAndGet(commitTs, Math::max);
                    p.commit(t, commitTs, CommitPath.ASYNC_COMMIT, null);
                    committed.add(startTs);
                }
            }));
        }
        for (Committer c : committers) {
            c.finishOk(); // a lost wake-up leaves a committer waiting forever
        }
        List<DecidedTxn> delivered = sink.delivered();
        assertThat(delivered).extracting(DecidedTxn::startTs).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(committed);
        assertThat(delivered).isSortedAccordingTo(
                Comparator.comparingLong(DecidedTxn::commitTs).thenComparingLong(DecidedTxn::startTs));
    }

    // ------------------------------------------------------------------ failures

    @Test
    void failingSinkMakesTheGroupUndeterminedAndRefusesLaterCommits() throws Exception {
        RuntimeException diskFull = new RuntimeException("binlog disk full");
        RecordingSink sink = new RecordingSink(false, diskFull);
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket a = p.register(1, 10);
        CommitPipeline.Ticket b = p.register(2, 10);
        CommitPipeline.Ticket e = p.register(4, 10);
        CommitPipeline.Ticket f = p.register(5, 25); // stays undecided: holds back e
        Committer cb = Committer.start("b", () -> p.commit(b, 22, CommitPath.ASYNC_COMMIT, null));
        awaitHeldBack(cb);
        Committer ce = Committer.start("e", () -> p.commit(e, 40, CommitPath.TWO_PC, null));
        awaitHeldBack(ce);
        // a decides: the group [a@20, b@22] goes to the sink, which fails
        assertThatThrownBy(() -> p.commit(a, 20, CommitPath.ONE_PC, null))
                .isInstanceOf(UndeterminedResultException.class).hasCause(diskFull);
        cb.finish();
        assertThat(cb.error).as("b was in the failed group").isInstanceOf(UndeterminedResultException.class)
                .hasCause(diskFull);
        ce.finish();
        assertThat(ce.error).as("e was decided and waiting: its fate is unknown too")
                .isInstanceOf(UndeterminedResultException.class);
        assertThat(sink.calls.get()).isEqualTo(1);
        assertThat(sink.delivered()).isEmpty();
        // an undecided txn and every later one are refused with a clear error before they decide anything
        assertThatThrownBy(() -> p.commit(f, 30, CommitPath.ONE_PC, null))
                .isExactlyInstanceOf(StorageException.class).hasMessageContaining("binlog").hasCause(diskFull);
        assertThatThrownBy(() -> p.register(6, 50))
                .isExactlyInstanceOf(StorageException.class).hasMessageContaining("binlog").hasCause(diskFull);
        assertThat(sink.calls.get()).as("no further delivery attempted").isEqualTo(1);
    }

    @Test
    void anErrorInTheSinkReleasesLeadershipInsteadOfHangingLaterCommits() throws Exception {
        OutOfMemoryError oom = new OutOfMemoryError("Cannot reserve 535822396 bytes of direct buffer memory");
        RecordingSink sink = new RecordingSink(false, oom);
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket a = p.register(1, 10);
        CommitPipeline.Ticket b = p.register(2, 10);
        Committer cb = Committer.start("b", () -> p.commit(b, 22, CommitPath.ASYNC_COMMIT, null));
        awaitHeldBack(cb);
        assertThatThrownBy(() -> p.commit(a, 20, CommitPath.ONE_PC, null))
                .isInstanceOf(UndeterminedResultException.class).hasCause(oom);
        cb.finish();
        assertThat(cb.error).as("b was in the failed group, not left waiting for a leader")
                .isInstanceOf(UndeterminedResultException.class).hasCause(oom);
        assertThatThrownBy(() -> p.register(3, 50))
                .isExactlyInstanceOf(StorageException.class).hasMessageContaining("binlog").hasCause(oom);
    }

    @Test
    void withoutASinkCommitReturnsAtOnce() {
        CommitPipeline p = pipeline(null);
        assertThat(p.hasSink()).isFalse();
        CommitPipeline.Ticket undecided = p.register(1, 100);
        CommitPipeline.Ticket t = p.register(2, 100);
        p.commit(t, 300, CommitPath.ASYNC_COMMIT, null); // not held back by the undecided one: nothing to order
        CommitPipeline.Ticket u = p.register(3, 50);
        assertThat(u.bound()).isEqualTo(50);
        p.commit(u, 50, CommitPath.ONE_PC, null);
        p.abandon(undecided);
    }

    // ------------------------------------------------------------------ end to end through the store

    @Test
    void everyCommittedTransactionReachesTheSinkOnceInOrder() throws Exception {
        int threads = 8;
        int commitsPerThread = 200;
        InMemoryCommitSink sink = new InMemoryCommitSink();
        Map<Long, long[]> committed = new ConcurrentHashMap<>(); // startTs -> {commitTs, path ordinal}
        Map<Long, String> payloads = new ConcurrentHashMap<>();
        Set<Long> readOnly = ConcurrentHashMap.newKeySet();
        AtomicInteger hotIncrements = new AtomicInteger();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        byte[] hot = StoreFixture.row(1_000_000);
        try (TxnStore store = StoreFixture.open(StoreFixture.config(dir), sink, FaultInjector.NONE)) {
            Transaction init = store.begin();
            init.put(hot, payload("0"));
            init.commit(null);
            committed.put(init.startTs(), new long[] {init.commitTs(), init.commitPath().ordinal()});
            payloads.put(init.startTs(), "");
            List<Committer> workers = new ArrayList<>();
            for (int w = 0; w < threads; w++) {
                int worker = w;
                workers.add(Committer.start("e2e-" + w, () -> {
                    Random rnd = new Random(worker * 31L + 5);
                    int done = 0;
                    while (done < commitsPerThread) {
                        int kind = rnd.nextInt(10);
                        TxnOptions o = store.defaultOptions().withPessimistic(rnd.nextBoolean())
                                .withCausalConsistencyOnly(rnd.nextInt(4) == 0);
                        if (kind >= 5) {
                            // 2PC: of a row and its index entry on two shards (kind >= 6), or of the row alone
                            o = o.withOnePc(false).withAsyncCommit(false);
                        } else if (kind >= 3) {
                            o = o.withOnePc(false); // async commit across the two shards
                        }
                        Transaction t = store.begin(o);
                        try {
                            long h = worker * 10_000L + rnd.nextInt(20);
                            String value = worker + "/" + done;
                            boolean incHot = rnd.nextInt(10) == 0;
                            t.put(StoreFixture.row(h), payload(value));
                            if (kind >= 3 && kind != 5) {
                                t.put(StoreFixture.index(h), payload(value));
                            }
                            if (incHot) {
                                byte[] cur = o.pessimistic() ? t.lockKeys(List.of(hot), true, null).get(0)
                                        : t.get(hot);
                                long v = Long.parseLong(new String(cur, StandardCharsets.UTF_8));
                                t.put(hot, payload(Long.toString(v + 1)));
                            }
                            if (rnd.nextInt(20) == 0) {
                                Transaction ro = store.begin(o);
                                ro.get(StoreFixture.row(h));
                                assertThat(ro.commit(payload("ro"))).isZero();
                                readOnly.add(ro.startTs());
                            }
                            long commitTs = t.commit(payload(value));
                            assertThat(t.commitTs()).isEqualTo(commitTs);
                            committed.put(t.startTs(), new long[] {commitTs, t.commitPath().ordinal()});
                            payloads.put(t.startTs(), value);
                            if (incHot) {
                                hotIncrements.incrementAndGet();
                            }
                            done++;
                        } catch (TransactionAbortedException | LockWaitTimeoutException e) {
                            t.rollback(); // conflict on the hot key: retry
                        }
                    }
                }));
            }
            for (Committer c : workers) {
                c.finish();
                if (c.error != null) {
                    failures.add(c.error);
                }
            }
            assertThat(failures).isEmpty();
            List<DecidedTxn> delivered = sink.delivered();
            assertThat(delivered).hasSize(threads * commitsPerThread + 1);
            for (int i = 1; i < delivered.size(); i++) {
                assertThat(delivered.get(i).compareTo(delivered.get(i - 1))).isPositive();
            }
            Set<Long> seen = new HashSet<>();
            for (DecidedTxn d : delivered) {
                assertThat(seen.add(d.startTs())).isTrue();
                long[] c = committed.get(d.startTs());
                assertThat(c).as("delivered txn " + d.startTs() + " was committed").isNotNull();
                assertThat(d.commitTs()).as("DecidedTxn.commitTs = Transaction.commitTs()").isEqualTo(c[0]);
                assertThat(new String(d.payload(), StandardCharsets.UTF_8)).isEqualTo(payloads.get(d.startTs()));
            }
            assertThat(seen).containsAll(committed.keySet()).doesNotContainAnyElementsOf(readOnly);
            Set<CommitPath> paths = new HashSet<>();
            committed.values().forEach(c -> paths.add(CommitPath.values()[(int) c[1]]));
            assertThat(paths).containsExactlyInAnyOrder(CommitPath.values());
            Transaction r = store.begin();
            assertThat(new String(r.get(hot), StandardCharsets.UTF_8))
                    .isEqualTo(Integer.toString(hotIncrements.get()));
            r.rollback();
        }
    }
}
