package io.basalt.server.netty;

import io.basalt.storage.concurrency.BlockingHint;
import io.basalt.storage.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StatementAdmissionTest {
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void atMostLimitTasksRunAtOnce() throws Exception {
        StatementAdmission admission = new StatementAdmission(threads, 2);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger now = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger started = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(6);
        for (int i = 0; i < 6; i++) {
            admission.execute(() -> {
                most.accumulateAndGet(now.incrementAndGet(), Math::max);
                started.incrementAndGet();
                await(release);
                now.decrementAndGet();
                done.countDown();
            });
        }
        Await.until("two tasks run", () -> started.get() == 2);
        assertThat(admission.running()).isEqualTo(2);
        assertThat(admission.queued()).isEqualTo(4);
        release.countDown();
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(most.get()).as("tasks running at once").isEqualTo(2);
        Await.until("every place is free again", () -> admission.running() == 0);
        assertThat(admission.queued()).isZero();
    }

    @Test
    void queuedTasksStartInArrivalOrder() throws Exception {
        StatementAdmission admission = new StatementAdmission(threads, 1);
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> order = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(5);
        admission.execute(() -> {
            await(release);
            done.countDown();
        });
        for (int i = 1; i < 5; i++) {
            int id = i;
            admission.execute(() -> {
                order.add(id);
                done.countDown();
            });
        }
        assertThat(admission.queued()).isEqualTo(4);
        release.countDown();
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(order).containsExactly(1, 2, 3, 4);
    }

    @Test
    void aWorkerThatFinishesRunsTheNextWaitingTaskItself() throws Exception {
        StatementAdmission admission = new StatementAdmission(threads, 1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(3);
        List<Thread> ranOn = new CopyOnWriteArrayList<>();
        admission.execute(() -> {
            ranOn.add(Thread.currentThread());
            await(release);
            done.countDown();
        });
        for (int i = 0; i < 2; i++) {
            admission.execute(() -> {
                ranOn.add(Thread.currentThread());
                done.countDown();
            });
        }
        assertThat(admission.queued()).isEqualTo(2);
        release.countDown();
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ranOn).hasSize(3).allMatch(t -> t == ranOn.get(0));
        Await.until("the place is free again", () -> admission.running() == 0);
        assertThat(admission.queued()).isZero();
    }

    @Test
    void aTaskThatFailsGivesItsPlaceUp() throws Exception {
        StatementAdmission admission = new StatementAdmission(threads, 1);
        admission.execute(() -> {
            throw new IllegalStateException("a failing task");
        });
        Await.until("the failed task's place is free", () -> admission.running() == 0);
        CountDownLatch ran = new CountDownLatch(1);
        admission.execute(ran::countDown);
        assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aTaskWaitingInABlockingSectionLetsTheTaskItWaitsForRun() throws Exception {
        StatementAdmission admission = new StatementAdmission(threads, 1);
        CountDownLatch lockReleased = new CountDownLatch(1);
        CountDownLatch waiterDone = new CountDownLatch(1);
        CountDownLatch holderRunning = new CountDownLatch(1);
        CountDownLatch holderMayFinish = new CountDownLatch(1);
        AtomicInteger runningAfterWake = new AtomicInteger();
        admission.execute(() -> {
            try (BlockingHint.Section waiting = BlockingHint.begin()) {
                await(lockReleased);
            }
            runningAfterWake.set(admission.running());
            waiterDone.countDown();
        });
        admission.execute(() -> {
            holderRunning.countDown();
            lockReleased.countDown();
            await(holderMayFinish);
        });
        assertThat(holderRunning.await(10, TimeUnit.SECONDS))
                .as("the second task runs although the first still holds the only place's thread").isTrue();
        assertThat(waiterDone.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(runningAfterWake.get()).as("the woken waiter takes its place back at once, beyond the limit")
                .isEqualTo(2);
        holderMayFinish.countDown();
        Await.until("every place is free again", () -> admission.running() == 0);
    }

    @Test
    void aTaskThatWaitsOutsideABlockingSectionKeepsItsPlace() throws Exception {
        StatementAdmission admission = new StatementAdmission(threads, 1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch secondRan = new CountDownLatch(1);
        admission.execute(() -> await(release));
        admission.execute(secondRan::countDown);
        Await.until("the second task is queued", () -> admission.queued() == 1);
        assertThat(secondRan.getCount()).isEqualTo(1);
        release.countDown();
        assertThat(secondRan.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void nestedBlockingSectionsReportOnlyTheOutermost() throws Exception {
        StatementAdmission admission = new StatementAdmission(threads, 1);
        CountDownLatch done = new CountDownLatch(1);
        AtomicInteger inside = new AtomicInteger(-1);
        AtomicInteger afterInner = new AtomicInteger(-1);
        admission.execute(() -> {
            try (BlockingHint.Section outer = BlockingHint.begin()) {
                try (BlockingHint.Section inner = BlockingHint.begin()) {
                    inside.set(admission.running());
                }
                afterInner.set(admission.running());
            }
            done.countDown();
        });
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(inside.get()).isZero();
        assertThat(afterInner.get()).as("closing the inner section does not take the place back").isZero();
    }

    @Test
    void rejectedWorkIsHandedBackOrFinishedHere() throws Exception {
        ExecutorService closing = Executors.newCachedThreadPool();
        StatementAdmission admission = new StatementAdmission(closing, 1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch queuedRan = new CountDownLatch(1);
        admission.execute(() -> await(release));
        admission.execute(queuedRan::countDown);
        closing.shutdown();
        assertThatThrownBy(() -> new StatementAdmission(closing, 1).execute(() -> { }))
                .isInstanceOf(RejectedExecutionException.class);
        release.countDown();
        assertThat(queuedRan.await(10, TimeUnit.SECONDS))
                .as("work queued when the workers stopped still runs, on the thread that freed the place").isTrue();
        assertThat(closing.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThat(admission.running()).isZero();
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
