package io.basalt.server.netty;

import io.basalt.sql.engine.NoWaitResult;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** The test thread plays both the event loop (an EmbeddedChannel's) and the worker (tasks it runs by hand). */
class InboundQueueTest {
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Deque<Runnable> workerTasks = new ArrayDeque<>();
    private final List<Object> processed = new ArrayList<>();
    /** Messages the processor can finish without waiting; every other one needs a worker. */
    private final Set<Object> noWait = new HashSet<>();
    private final List<Object> processedOnEventLoop = new ArrayList<>();
    /** Messages the processor leaves pending until their future completes; finish says whether it replied. */
    private final Map<Object, CompletableFuture<Void>> pending = new HashMap<>();
    private final Map<Object, Boolean> repliesWhenFinished = new HashMap<>();
    private final List<Object> finished = new ArrayList<>();
    private int caughtUp;

    private InboundQueue queue(Consumer<Object> onMessage) {
        return new InboundQueue(channel, workerTasks::add, new InboundQueue.Processor() {
            @Override
            public void process(Object message) {
                processed.add(message);
                onMessage.accept(message);
            }

            @Override
            public NoWaitResult processWithoutWaiting(Object message) {
                if (pending.containsKey(message)) {
                    return NoWaitResult.pending(pending.get(message), () -> {
                        finished.add(message);
                        return repliesWhenFinished.get(message);
                    });
                }
                if (!noWait.contains(message)) {
                    return NoWaitResult.HAND_OFF;
                }
                processedOnEventLoop.add(message);
                processed.add(message);
                return NoWaitResult.DONE;
            }

            @Override
            public void caughtUp() {
                caughtUp++;
            }
        });
    }

    @Test
    void aClientThatWaitsForEachReplyKeepsTheChannelReading() {
        InboundQueue queue = queue(m -> { });
        for (String command : List.of("a", "b", "c")) {
            queue.add(command);
            assertThat(channel.config().isAutoRead()).isTrue();
            assertThat(queue.busy()).isTrue();
            workerTasks.remove().run();
            channel.runPendingTasks();
            assertThat(queue.busy()).isFalse();
        }
        assertThat(processed).containsExactly("a", "b", "c");
        assertThat(caughtUp).isEqualTo(3);
        assertThat(workerTasks).isEmpty();
    }

    @Test
    void aPipelinedCommandStopsReadingUntilTheQueueDrains() {
        InboundQueue queue = queue(m -> { });
        queue.add("a");
        queue.add("b");
        assertThat(channel.config().isAutoRead()).as("b arrived while a was queued").isFalse();
        queue.add("c");
        assertThat(workerTasks).as("one worker drains them all").hasSize(1);
        workerTasks.remove().run();
        assertThat(processed).containsExactly("a", "b", "c");
        assertThat(channel.config().isAutoRead()).as("resumed on the event loop").isFalse();
        channel.runPendingTasks();
        assertThat(channel.config().isAutoRead()).isTrue();
    }

    @Test
    void aCommandArrivingWhileTheWorkerRunsIsTakenByTheSameWorkerAndReadingResumesAfter() {
        InboundQueue[] holder = new InboundQueue[1];
        holder[0] = queue(m -> {
            if (m.equals("a")) {
                holder[0].add("b");
            }
        });
        holder[0].add("a");
        workerTasks.remove().run();
        assertThat(processed).containsExactly("a", "b");
        assertThat(workerTasks).isEmpty();
        channel.runPendingTasks();
        assertThat(channel.config().isAutoRead()).isTrue();
        assertThat(holder[0].busy()).isFalse();
    }

    @Test
    void aMessageThatNeedsNoWaitingIsProcessedOnTheEventLoopWithoutAWorker() {
        noWait.add("read");
        InboundQueue queue = queue(m -> { });
        queue.add("read");
        assertThat(processedOnEventLoop).containsExactly("read");
        assertThat(workerTasks).isEmpty();
        assertThat(queue.busy()).isFalse();
        assertThat(caughtUp).isEqualTo(1);
        queue.add("write");
        assertThat(processed).containsExactly("read");
        assertThat(workerTasks).hasSize(1);
        workerTasks.remove().run();
        assertThat(processed).containsExactly("read", "write");
        assertThat(processedOnEventLoop).containsExactly("read");
    }

    @Test
    void aPendingMessageHoldsTheQueueUntilItSettlesAndTheMessagesBehindItWait() {
        CompletableFuture<Void> durable = new CompletableFuture<>();
        pending.put("commit", durable);
        repliesWhenFinished.put("commit", true);
        noWait.add("read");
        InboundQueue queue = queue(m -> { });
        queue.add("commit");
        queue.add("read");
        assertThat(queue.busy()).isTrue();
        assertThat(channel.config().isAutoRead()).as("a command arrived behind the pending one").isFalse();
        assertThat(processedOnEventLoop).as("the read may not overtake the commit").isEmpty();
        assertThat(workerTasks).isEmpty();
        durable.complete(null); // on the commit writer's thread, in the server
        assertThat(finished).as("finished on the event loop, not on the completing thread").isEmpty();
        channel.runPendingTasks();
        assertThat(finished).containsExactly("commit");
        assertThat(processedOnEventLoop).containsExactly("read");
        assertThat(workerTasks).isEmpty();
        assertThat(queue.busy()).isFalse();
        assertThat(channel.config().isAutoRead()).isTrue();
    }

    @Test
    void aPendingMessageWhoseFinishHandsOffGoesToAWorkerWithTheMessagesBehindIt() {
        CompletableFuture<Void> durable = new CompletableFuture<>();
        pending.put("commit", durable);
        repliesWhenFinished.put("commit", false);
        InboundQueue queue = queue(m -> { });
        queue.add("commit");
        queue.add("next");
        durable.completeExceptionally(new IllegalStateException("conflict: run it again"));
        channel.runPendingTasks();
        assertThat(finished).containsExactly("commit");
        assertThat(workerTasks).hasSize(1);
        workerTasks.remove().run();
        assertThat(processed).as("the worker runs the same message again, then the next").containsExactly("commit",
                "next");
        channel.runPendingTasks();
        assertThat(queue.busy()).isFalse();
    }

    @Test
    void aMessageThatNeedsNoWaitingStillWaitsForTheWorkerThatOwnsTheQueue() {
        noWait.add("read");
        InboundQueue queue = queue(m -> { });
        queue.add("write");
        queue.add("read");
        assertThat(processed).as("the worker has not run yet: the read may not overtake the write").isEmpty();
        workerTasks.remove().run();
        assertThat(processed).containsExactly("write", "read");
        assertThat(processedOnEventLoop).isEmpty();
        channel.runPendingTasks();
        assertThat(channel.config().isAutoRead()).isTrue();
        queue.add("read");
        assertThat(processedOnEventLoop).containsExactly("read");
        assertThat(workerTasks).isEmpty();
    }
}
