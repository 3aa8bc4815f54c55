package io.basalt.storage.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link ClaimableTask} runs its work exactly once, on the first thread to reach it, and reports what it threw. */
class ClaimableTaskTest {

    @Test
    void callerRunsWorkThatNoPoolThreadStarted() {
        ClaimableTask<String> task = new ClaimableTask<>(() -> Thread.currentThread().getName());

        assertThat(task.join()).isEqualTo(Thread.currentThread().getName());
    }

    @Test
    void callerWaitsForWorkAPoolThreadStartedAndDoesNotRunItAgain() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ClaimableTask<String> task = new ClaimableTask<>(() -> {
            runs.incrementAndGet();
            started.countDown();
            awaitQuietly(release);
            return Thread.currentThread().getName();
        });
        Thread worker = new Thread(task, "pool-worker");
        worker.start();
        started.await();
        release.countDown();

        assertThat(task.join()).isEqualTo("pool-worker");
        worker.join();
        assertThat(runs).hasValue(1);
    }

    @Test
    void workRunsOnceWhenManyThreadsRaceForIt() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        ClaimableTask<Integer> task = new ClaimableTask<>(runs::incrementAndGet);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> joins = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                joins.add(pool.submit(task::join));
            }
            for (Future<Integer> f : joins) {
                assertThat(f.get()).isEqualTo(1);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(runs).hasValue(1);
    }

    @Test
    void joinReportsWhatTheWorkThrew() {
        IllegalStateException boom = new IllegalStateException("disk full");
        ClaimableTask<String> task = new ClaimableTask<>(() -> {
            throw boom;
        });
        task.run();

        assertThatThrownBy(task::join).isInstanceOf(CompletionException.class).hasCause(boom);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
