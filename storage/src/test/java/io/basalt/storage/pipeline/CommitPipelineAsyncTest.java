package io.basalt.storage.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.pipeline.CommitPipelineTest.Committer;
import io.basalt.storage.pipeline.CommitPipelineTest.RecordingSink;
import io.basalt.storage.testing.Await;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Commits that do not wait ({@link CommitPipeline#commitAsync}): the same order and watermark as waiting committers,
 * groups led by the asynchronous committer's thread, callbacks with the outcome, and the call for that thread when an
 * asynchronous commit is first in line behind a finishing leader.
 */
class CommitPipelineAsyncTest {
    private static CommitPipeline pipeline(CommitSink sink) {
        return new CommitPipeline(sink, SinkPosition.ZERO, new SimpleMeterRegistry());
    }

    /** Records the outcome a callback was given and the thread it ran on. */
    private static final class Outcome {
        final CompletableFuture<Throwable> failure = new CompletableFuture<>();
        volatile String thread;

        void accept(Throwable t) {
            thread = Thread.currentThread().getName();
            failure.complete(t);
        }

        boolean told() {
            return failure.isDone();
        }

        Throwable get() throws Exception {
            return failure.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void anAsynchronousCommitIsDeliveredByTheThreadThatLeadsForItAndToldOnceDurable() throws Exception {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket t = p.register(1, 10);
        Outcome o = new Outcome();
        p.commitAsync(t, 20, CommitPath.ONE_PC, new byte[] {7}, o::accept);
        assertThat(o.told()).as("not durable before a group is delivered").isFalse();
        assertThat(sink.delivered()).isEmpty();
        assertThat(p.deliverIfLeaderless()).isTrue();
        assertThat(o.get()).isNull();
        assertThat(o.thread).isEqualTo(Thread.currentThread().getName());
        assertThat(sink.delivered()).extracting(DecidedTxn::commitTs).containsExactly(20L);
        assertThat(p.deliverIfLeaderless()).as("nothing left to deliver").isFalse();
    }

    @Test
    void anAsynchronousCommitBehindAnUndecidedBoundWaitsAndTheWaitingCommitterThatDecidesLeadsItsGroup()
            throws Exception {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        AtomicInteger called = new AtomicInteger();
        p.onAsyncLeaderWanted(called::incrementAndGet);
        CommitPipeline.Ticket low = p.register(1, 10);
        CommitPipeline.Ticket high = p.register(2, 10);
        Outcome o = new Outcome();
        p.commitAsync(high, 30, CommitPath.ONE_PC, null, o::accept);
        assertThat(p.deliverIfLeaderless()).as("held back by the undecided lower bound").isFalse();
        assertThat(o.told()).isFalse();
        Committer c = Committer.start("low", () -> p.commit(low, 20, CommitPath.TWO_PC, null));
        c.finishOk();
        assertThat(o.get()).isNull();
        assertThat(o.thread).as("delivered in the waiting committer's group").isEqualTo("low");
        assertThat(sink.deliveredStartTs()).containsExactly(1L, 2L);
        assertThat(called.get()).as("nothing was left first in line").isZero();
    }

    @Test
    void whenAnAbandonLeavesAnAsynchronousCommitFirstInLineItsLeaderIsCalledFor() throws Exception {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        AtomicInteger called = new AtomicInteger();
        p.onAsyncLeaderWanted(called::incrementAndGet);
        CommitPipeline.Ticket low = p.register(1, 10);
        CommitPipeline.Ticket high = p.register(2, 10);
        Outcome o = new Outcome();
        p.commitAsync(high, 30, CommitPath.ONE_PC, null, o::accept);
        p.abandon(low);
        assertThat(called.get()).isEqualTo(1);
        assertThat(o.told()).as("the pipeline only calls for the leader; it leads on its own thread").isFalse();
        assertThat(p.deliverIfLeaderless()).isTrue();
        assertThat(o.get()).isNull();
    }

    @Test
    void aWaitingLeaderFinishingWithAnAsynchronousCommitFirstInLineCallsForItsLeader() throws Exception {
        RecordingSink sink = new RecordingSink(true, null);
        CommitPipeline p = pipeline(sink);
        AtomicInteger called = new AtomicInteger();
        p.onAsyncLeaderWanted(called::incrementAndGet);
        CommitPipeline.Ticket first = p.register(1, 10);
        Committer c = Committer.start("first", () -> p.commit(first, 20, CommitPath.TWO_PC, null));
        assertThat(sink.firstEntered.await(30, TimeUnit.SECONDS)).isTrue(); // "first" leads, inside the sink
        CommitPipeline.Ticket next = p.register(2, 10);
        Outcome o = new Outcome();
        p.commitAsync(next, 40, CommitPath.ONE_PC, null, o::accept);
        assertThat(p.deliverIfLeaderless()).as("a group is being delivered").isFalse();
        sink.releaseFirst.countDown();
        c.finishOk();
        Await.until("the asynchronous commit's leader is called for", () -> called.get() == 1);
        assertThat(o.told()).isFalse();
        assertThat(p.deliverIfLeaderless()).isTrue();
        assertThat(o.get()).isNull();
        assertThat(sink.deliveredStartTs()).containsExactly(1L, 2L);
    }

    @Test
    void aFailingSinkTellsEveryAsynchronousCommitOfTheGroupAndThoseThatComeLater() throws Exception {
        IllegalStateException boom = new IllegalStateException("disk gone");
        RecordingSink sink = new RecordingSink(false, boom);
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket a = p.register(1, 10);
        CommitPipeline.Ticket b = p.register(2, 10);
        CommitPipeline.Ticket c = p.register(3, 100); // registered before the failure, decided after it
        Outcome oa = new Outcome();
        Outcome ob = new Outcome();
        p.commitAsync(a, 20, CommitPath.ONE_PC, null, oa::accept);
        p.commitAsync(b, 21, CommitPath.ONE_PC, null, ob::accept);
        assertThat(p.deliverIfLeaderless()).isTrue();
        assertThat(oa.get()).isSameAs(boom);
        assertThat(ob.get()).isSameAs(boom);
        Outcome later = new Outcome();
        p.commitAsync(c, 130, CommitPath.ONE_PC, null, later::accept);
        assertThat(later.get()).as("refused at once, not left waiting").isSameAs(boom);
    }

    @Test
    void anAsynchronousCommitDecidedWhileAGroupFailsIsToldOfTheFailure() throws Exception {
        IllegalStateException boom = new IllegalStateException("disk gone");
        RecordingSink sink = new RecordingSink(true, boom);
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket first = p.register(1, 10);
        CommitPipeline.Ticket later = p.register(2, 25); // above first's commit ts: first is deliverable
        Committer c = Committer.start("first", () -> p.commit(first, 20, CommitPath.TWO_PC, null));
        assertThat(sink.firstEntered.await(30, TimeUnit.SECONDS)).isTrue();
        Outcome o = new Outcome();
        p.commitAsync(later, 30, CommitPath.ONE_PC, null, o::accept); // not in the group being delivered
        sink.releaseFirst.countDown();
        c.finish();
        assertThat(o.get()).as("no thread leads for it any more").isSameAs(boom);
        assertThat(o.thread).isEqualTo("first");
    }

    @Test
    void aCallbackThatFailsDoesNotKeepLeadershipOrSilenceTheOthers() throws Exception {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        CommitPipeline.Ticket a = p.register(1, 10);
        CommitPipeline.Ticket b = p.register(2, 10);
        p.commitAsync(a, 20, CommitPath.ONE_PC, null, f -> {
            throw new IllegalStateException("callback bug");
        });
        Outcome ob = new Outcome();
        p.commitAsync(b, 21, CommitPath.ONE_PC, null, ob::accept);
        assertThat(p.deliverIfLeaderless()).isTrue();
        assertThat(ob.get()).isNull();
        CommitPipeline.Ticket c = p.register(3, 10);
        p.commit(c, c.bound(), CommitPath.TWO_PC, null); // would hang if leadership had stayed taken
        assertThat(sink.deliveredStartTs()).containsExactly(1L, 2L, 3L);
    }

    @Test
    void withoutASinkAnAsynchronousCommitIsToldAtOnce() {
        CommitPipeline p = pipeline(null);
        CommitPipeline.Ticket t = p.register(1, 10);
        AtomicReference<Throwable> told = new AtomicReference<>(new Throwable("not told"));
        p.commitAsync(t, 11, CommitPath.ONE_PC, null, told::set);
        assertThat(told.get()).isNull();
        assertThat(p.deliverIfLeaderless()).isFalse();
    }

    @Test
    void asynchronousAndWaitingCommitsKeepOneCommitTsOrder() throws Exception {
        RecordingSink sink = new RecordingSink();
        CommitPipeline p = pipeline(sink);
        p.onAsyncLeaderWanted(() -> { });
        CommitPipeline.Ticket w = p.register(1, 10);
        CommitPipeline.Ticket a1 = p.register(2, 10);
        CommitPipeline.Ticket a2 = p.register(3, 10);
        Outcome o1 = new Outcome();
        Outcome o2 = new Outcome();
        p.commitAsync(a2, 50, CommitPath.ONE_PC, null, o2::accept);
        p.commitAsync(a1, 40, CommitPath.ONE_PC, null, o1::accept);
        Committer c = Committer.start("waiting", () -> p.commit(w, 45, CommitPath.TWO_PC, null));
        c.finishOk();
        while (!(o1.told() && o2.told())) {
            if (!p.deliverIfLeaderless()) {
                Thread.onSpinWait();
            }
        }
        List<DecidedTxn> d = sink.delivered();
        assertThat(d).extracting(DecidedTxn::commitTs).containsExactly(40L, 45L, 50L);
    }
}
