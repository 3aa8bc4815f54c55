package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.error.DiskErrorException;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.error.UndeterminedResultException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.CommitSink;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.SinkPosition;
import io.basalt.storage.testing.InMemoryCommitSink;
import io.basalt.storage.txn.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link Transaction#commitWithoutWaiting}, the commit of a thread that must not wait (the server's event loop): the
 * 1PC or async-commit batch is staged on the calling thread and written, synced and delivered by the store's commit writer; the
 * future completes once the binlog holds the transaction. Whatever would wait or fail while staging is refused before
 * anything changed, and readers never see the write before its WAL sync.
 */
class CommitWithoutWaitingTest extends ScenarioBase {
    private final InMemoryCommitSink sink = new InMemoryCommitSink();

    private CompletableFuture<Long> commitWithoutWaiting(Transaction t, String payload) {
        try (NoWaitScope ignored = NoWaitScope.enter(1000)) {
            return t.commitWithoutWaiting(b(payload));
        }
    }

    private static long await(CompletableFuture<Long> f) {
        try {
            return f.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new AssertionError(e.getCause());
        } catch (Exception e) {
            throw new AssertionError("commit did not complete: " + e, e);
        }
    }

    @Test
    void aOnePhaseCommitCompletesOnceTheBinlogHoldsIt() {
        open(c -> { }, sink);
        Transaction t = store.begin(optimistic());
        t.put(row(1), b("v1"));
        long commitTs = await(commitWithoutWaiting(t, "events-1"));
        assertThat(commitTs).isGreaterThan(t.startTs());
        assertThat(t.state()).isEqualTo(Transaction.State.COMMITTED);
        assertThat(t.commitPath()).isEqualTo(CommitPath.ONE_PC);
        assertThat(t.commitTs()).isEqualTo(commitTs);
        DecidedTxn delivered = sink.byStartTs(t.startTs());
        assertThat(delivered).as("in the binlog when the future completes").isNotNull();
        assertThat(delivered.commitTs()).isEqualTo(commitTs);
        assertThat(s(delivered.payload())).isEqualTo("events-1");
        assertCommittedAt(t.startTs(), commitTs, row(1));
        assertNoLock(row(1));
        assertThat(readFresh(row(1))).isEqualTo("v1");
        assertThat(store.metrics().commitCount(CommitPath.ONE_PC)).isEqualTo(1);
    }

    @Test
    void readersDoNotSeeTheBatchBetweenItsWriteAndTheWalSync() {
        open(c -> { }, sink);
        commitValues(row(1), "old");
        Pauser.Rule beforeSync = pauser.pause(FaultPoints.BEFORE_COMMIT_WRITER_SYNC, Pauser.ANY);
        Transaction t = store.begin(optimistic());
        t.put(row(1), b("new"));
        CompletableFuture<Long> f = commitWithoutWaiting(t, "e");
        beforeSync.awaitReached(); // written to the memtable, not yet durable
        long after = store.tso().next();
        assertThatThrownBy(() -> kv.get(shardOf(row(1)), row(1), after, NONE))
                .as("the key is still locked in memory").isInstanceOf(KeyIsLockedException.class);
        Transaction reader = store.begin(optimistic());
        try (NoWaitScope ignored = NoWaitScope.enter(100)) {
            assertThatThrownBy(() -> reader.get(row(1))).isInstanceOf(WouldBlockException.class);
        }
        reader.rollback();
        assertThat(f).isNotDone();
        beforeSync.resume();
        long commitTs = await(f);
        assertThat(getAt(row(1), Math.max(commitTs, after))).isEqualTo("new");
    }

    @Test
    void aLockMetIsRefusedAndLeavesTheTransactionAndThePipelineAsTheyWere() {
        open(c -> { }, sink);
        Transaction holder = store.begin(pessimistic());
        holder.lockKeys(List.of(row(1)), false, null);
        Transaction t = store.begin(optimistic());
        t.put(row(1), b("v"));
        try (NoWaitScope ignored = NoWaitScope.enter(1000)) {
            assertThatThrownBy(() -> t.commitWithoutWaiting(b("e"))).isInstanceOf(WouldBlockException.class)
                    .hasMessageContaining("lock");
        }
        assertThat(t.state()).isEqualTo(Transaction.State.ACTIVE);
        Transaction other = store.begin(optimistic());
        other.put(row(2), b("w"));
        other.commit(b("other")); // would hang if the refused commit had stayed registered in the pipeline
        assertThat(sink.byStartTs(other.startTs())).isNotNull();
        holder.rollback();
        t.commit(b("e"));
        assertThat(readFresh(row(1))).isEqualTo("v");
    }

    @Test
    void anAsyncCommitIsWrittenByTheCommitWriterAndCompletesOnceTheBinlogHoldsIt() {
        open(c -> { }, sink);
        Transaction t = store.begin(asyncCommit());
        t.put(row(1), b("v"));
        t.put(index(1), b("i"));
        long commitTs = await(commitWithoutWaiting(t, "events-1"));
        assertThat(t.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);
        assertThat(t.state()).isEqualTo(Transaction.State.COMMITTED);
        DecidedTxn delivered = sink.byStartTs(t.startTs());
        assertThat(delivered).as("in the binlog when the future completes").isNotNull();
        assertThat(delivered.commitTs()).isEqualTo(commitTs);
        assertThat(delivered.path()).isEqualTo(CommitPath.ASYNC_COMMIT);
        assertThat(store.metrics().registry().get("basalt.commit.writer.rounds").counter().count())
                .as("its locks were synced in a round of the commit writer").isEqualTo(1.0);
        assertThat(readFresh(row(1))).isEqualTo("v");
        awaitCondition("its keys committed in the background",
                () -> lockOf(row(1)) == null && lockOf(index(1)) == null);
        assertCommittedAt(t.startTs(), commitTs, row(1), index(1));
    }

    @Test
    void aCommitByTwoPhaseCommitIsRefused() {
        open(c -> { }, sink);
        Transaction t = store.begin(asyncCommit().withAsyncCommit(false));
        t.put(row(1), b("v"));
        t.put(index(1), b("i"));
        try (NoWaitScope ignored = NoWaitScope.enter(1000)) {
            assertThatThrownBy(() -> t.commitWithoutWaiting(b("e"))).isInstanceOf(WouldBlockException.class)
                    .hasMessageContaining("2PC");
        }
        assertThat(t.state()).isEqualTo(Transaction.State.ACTIVE);
        assertNoLock(row(1), index(1));
        t.commit(b("e"));
        assertThat(t.commitPath()).isEqualTo(CommitPath.TWO_PC);
    }

    @Test
    void anAsyncCommitThatWouldFallBackToTwoPhaseCommitIsRefusedBeforeAnythingIsWritten() {
        open(c -> { }, sink);
        Transaction t = store.begin(asyncCommit());
        t.put(row(1), b("v"));
        t.put(index(1), b("i"));
        cm.updateMaxTs(plusMs(store.tso().current(), SAFE_WINDOW_MS + 1000)); // min_commit_ts past max_commit_ts
        try (NoWaitScope ignored = NoWaitScope.enter(1000)) {
            assertThatThrownBy(() -> t.commitWithoutWaiting(b("e"))).isInstanceOf(WouldBlockException.class)
                    .hasMessageContaining("async commit past max_commit_ts");
        }
        assertThat(t.state()).isEqualTo(Transaction.State.ACTIVE);
        assertNoLock(row(1), index(1));
        assertThat(memoryLockOf(row(1))).isNull();
        Transaction other = store.begin(optimistic());
        other.put(row(2), b("w"));
        other.commit(b("other")); // would hang if the refused commit had stayed registered in the pipeline
        assertThat(sink.byStartTs(t.startTs())).isNull();
        t.commit(b("e"));
        assertThat(t.commitPath()).isEqualTo(CommitPath.TWO_PC);
        assertThat(store.metrics().asyncFallbacks.count()).isEqualTo(1.0);
        assertThat(readFresh(row(1))).isEqualTo("v");
    }

    @Test
    void aConflictFoundWhileStagingIsLeftToTheCommitThatMayWait() {
        open(c -> { }, sink);
        Transaction t = store.begin(optimistic());
        commitValues(row(1), "theirs");
        t.put(row(1), b("mine"));
        try (NoWaitScope ignored = NoWaitScope.enter(1000)) {
            assertThatThrownBy(() -> t.commitWithoutWaiting(b("e"))).isInstanceOf(WouldBlockException.class);
        }
        assertThat(t.state()).isEqualTo(Transaction.State.ACTIVE);
        assertThatThrownBy(() -> t.commit(b("e"))).isInstanceOf(TransactionAbortedException.class);
        assertThat(readFresh(row(1))).isEqualTo("theirs");
    }

    @Test
    void aStagedCommitKeepsItsLatchesFromTheThreadThatStagedIt() {
        open(c -> { }, sink);
        Pauser.Rule beforeSync = pauser.pause(FaultPoints.BEFORE_COMMIT_WRITER_SYNC, Pauser.ANY);
        Transaction first = store.begin(optimistic());
        first.put(row(1), b("first"));
        Transaction second = store.begin(optimistic());
        second.put(row(1), b("second"));
        CompletableFuture<Long> f = commitWithoutWaiting(first, "e1");
        beforeSync.awaitReached();
        try (NoWaitScope ignored = NoWaitScope.enter(1000)) {
            // the same thread staged "first": its latch must not let this thread in again
            assertThatThrownBy(() -> second.commitWithoutWaiting(b("e2"))).isInstanceOf(WouldBlockException.class);
        }
        beforeSync.resume();
        await(f);
        assertThatThrownBy(() -> second.commit(b("e2"))).isInstanceOf(TransactionAbortedException.class);
        assertThat(readFresh(row(1))).isEqualTo("first");
    }

    @Test
    void commitsOfManyThreadsWithAndWithoutWaitingReachTheBinlogOnceInCommitTsOrder() throws Exception {
        open(c -> { }, sink);
        int threads = 4;
        int perThread = 150;
        List<Future<List<Long>>> clients = new ArrayList<>();
        for (int c = 0; c < threads; c++) {
            int client = c;
            boolean waits = client % 2 == 0;
            clients.add(async(() -> {
                List<Long> startTs = new ArrayList<>();
                for (int i = 0; i < perThread; i++) {
                    Transaction t = store.begin(optimistic());
                    t.put(row(client * 1000L + i), b("v" + i));
                    if (waits) {
                        t.commit(b("w"));
                    } else {
                        await(commitWithoutWaiting(t, "n"));
                    }
                    startTs.add(t.startTs());
                }
                return startTs;
            }));
        }
        List<Long> committed = new ArrayList<>();
        for (Future<List<Long>> c : clients) {
            committed.addAll(get(c));
        }
        List<DecidedTxn> delivered = sink.delivered();
        assertThat(delivered).extracting(DecidedTxn::startTs).containsExactlyInAnyOrderElementsOf(committed);
        for (int i = 1; i < delivered.size(); i++) {
            assertThat(delivered.get(i).commitTs()).as("binlog order").isGreaterThan(delivered.get(i - 1).commitTs());
        }
        assertThat(readFresh(row(3 * 1000L + perThread - 1))).isEqualTo("v" + (perThread - 1));
    }

    @Test
    void aFailedWalSyncLeavesTheRoundUndeterminedAndStillHandsItToTheBinlog() {
        open(c -> { }, sink);
        pauser.fail(FaultPoints.BEFORE_COMMIT_WRITER_SYNC, Pauser.ANY,
                new DiskErrorException("simulated fsync failure", null));
        Transaction t = store.begin(optimistic());
        t.put(row(1), b("v"));
        CompletableFuture<Long> f = commitWithoutWaiting(t, "e");
        assertThatThrownBy(() -> await(f)).isInstanceOf(UndeterminedResultException.class);
        assertThat(t.state()).isEqualTo(Transaction.State.FAILED);
        assertThat(sink.byStartTs(t.startTs())).as("decided: in the binlog in its place").isNotNull();
        assertNoLock(row(1));
    }

    @Test
    void aBatchThatCouldNotBeWrittenRollsTheTransactionBackAndLeavesTheOthersAlone() {
        open(c -> { }, sink);
        Transaction failing = store.begin(pessimistic());
        failing.put(row(1), b("lost"));
        pauser.fail(FaultPoints.BEFORE_COMMIT_WRITER_WRITE, failing.startTs(),
                new DiskErrorException("simulated write failure", null));
        CompletableFuture<Long> f = commitWithoutWaiting(failing, "e");
        assertThatThrownBy(() -> await(f)).isInstanceOf(DiskErrorException.class);
        assertThat(failing.state()).isEqualTo(Transaction.State.ROLLED_BACK);
        assertThat(sink.byStartTs(failing.startTs())).isNull();
        Transaction next = store.begin(pessimistic());
        next.put(row(1), b("kept")); // its pessimistic lock: the failed one released its own
        await(commitWithoutWaiting(next, "e2"));
        assertThat(readFresh(row(1))).isEqualTo("kept");
    }

    @Test
    void closingTheStoreDeliversWhatWasSubmitted() {
        open(c -> { }, sink);
        Pauser.Rule beforeSync = pauser.pause(FaultPoints.BEFORE_COMMIT_WRITER_SYNC, Pauser.ANY);
        Transaction t = store.begin(optimistic());
        t.put(row(1), b("v"));
        CompletableFuture<Long> f = commitWithoutWaiting(t, "e");
        beforeSync.awaitReached();
        closeStore(); // resumes the writer, which finishes the round before the engine closes
        assertThat(await(f)).isGreaterThan(t.startTs());
        assertThat(sink.byStartTs(t.startTs())).isNotNull();
        open(c -> { }, sink);
        assertThat(readFresh(row(1))).isEqualTo("v");
    }

    @Test
    void theNextRoundIsWrittenWhileTheGroupBeforeItIsDeliveredToTheBinlog() {
        BlockingSink blocking = new BlockingSink(sink);
        open(c -> { }, blocking);
        Pauser.Rule firstSync = pauser.pause(FaultPoints.BEFORE_COMMIT_WRITER_SYNC, Pauser.ANY);
        Transaction first = store.begin(optimistic());
        first.put(row(1), b("first"));
        CompletableFuture<Long> f1 = commitWithoutWaiting(first, "e1");
        firstSync.awaitReached();
        Transaction second = store.begin(optimistic());
        second.put(row(2), b("second"));
        CompletableFuture<Long> f2 = commitWithoutWaiting(second, "e2"); // queued for the next round
        Pauser.Rule secondSync = pauser.signal(FaultPoints.BEFORE_COMMIT_WRITER_SYNC, second.startTs());
        firstSync.resume();
        blocking.awaitDelivering();
        secondSync.awaitReached(); // the writer went on while the first group's binlog write is still running
        assertThat(f1).isNotDone();
        assertThat(f2).isNotDone();
        blocking.release();
        await(f1);
        await(f2);
        assertThat(sink.delivered()).extracting(DecidedTxn::startTs)
                .containsExactly(first.startTs(), second.startTs());
        assertThat(readFresh(row(2))).isEqualTo("second");
    }

    /**
     * The commit writer's thread delivers the binlog group of a lone async commit and then queues its keys for the
     * background commit. With that queue full it must not commit them itself: a later transaction that committed one
     * of those keys (decided) and staged its own write of it would hold the key's latch in the writer's queue, behind
     * this very thread, which would wait for it forever. The store's timer thread does that work instead.
     */
    @Test
    void aFullBackgroundCommitQueueLeavesTheWorkToAnotherThreadThanTheCommitWriter() {
        open(c -> {
            c.secondaryCommitThreads = 1;
            c.secondaryCommitQueueLimit = 1;
        }, sink);
        Transaction a = store.begin(asyncCommit());
        a.put(row(1), b("a"));
        a.put(index(1), b("a"));
        Pauser.Rule aBackground = pauser.pause(FaultPoints.BEFORE_SECONDARY_COMMIT, a.startTs());
        a.commit(b("a"));
        aBackground.awaitReached(); // the one worker holds a's keys, the queue is empty
        Transaction fills = store.begin(asyncCommit());
        fills.put(row(2), b("f"));
        fills.put(index(2), b("f"));
        fills.commit(b("f")); // its keys fill the queue
        Transaction c = store.begin(asyncCommit());
        c.put(row(3), b("c"));
        c.put(index(3), b("c"));
        AtomicReference<String> committedBy = new AtomicReference<>();
        pauser.act(FaultPoints.BEFORE_SECONDARY_COMMIT, c.startTs(),
                () -> committedBy.compareAndSet(null, Thread.currentThread().getName()));
        long cTs = await(commitWithoutWaiting(c, "c"));
        awaitCondition("c's keys committed in the background",
                () -> lockOf(row(3)) == null && lockOf(index(3)) == null);
        assertThat(committedBy.get()).isEqualTo("basalt-timer");
        assertCommittedAt(c.startTs(), cTs, row(3), index(3));
        aBackground.resume();
        awaitCondition("a's keys committed in the background", () -> lockOf(index(1)) == null);
    }

    /** Holds the first group it is given until {@link #release}, as a slow binlog fsync would. */
    private static final class BlockingSink implements CommitSink {
        private final InMemoryCommitSink inner;
        private final CountDownLatch delivering = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        BlockingSink(InMemoryCommitSink inner) {
            this.inner = inner;
        }

        @Override
        public void deliver(List<DecidedTxn> group) {
            delivering.countDown();
            try {
                if (!released.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never released the sink");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            inner.deliver(group);
        }

        void awaitDelivering() {
            try {
                assertThat(delivering.await(15, TimeUnit.SECONDS)).as("a group reached the binlog").isTrue();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }

        void release() {
            released.countDown();
        }

        @Override
        public SinkPosition durablePosition() {
            return inner.durablePosition();
        }

        @Override
        public OptionalLong recordedCommitTs(long startTs) {
            return inner.recordedCommitTs(startTs);
        }
    }
}
