package io.basalt.storage.txn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TxnTimerTest {
    @Test
    void cancelledTasksLeaveTheQueueAtOnce() {
        ScheduledThreadPoolExecutor timer = TxnTimer.create(Thread::new);
        try {
            List<ScheduledFuture<?>> heartbeats = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                heartbeats.add(timer.scheduleWithFixedDelay(() -> { }, 1, 1, TimeUnit.HOURS));
            }
            ScheduledFuture<?> live = timer.schedule(() -> { }, 1, TimeUnit.HOURS);
            heartbeats.forEach(f -> f.cancel(false));
            assertThat(timer.getQueue()).containsExactly((Runnable) live);
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void runsOnTheThreadItWasGiven() throws Exception {
        ScheduledThreadPoolExecutor timer = TxnTimer.create(r -> {
            Thread t = new Thread(r, "basalt-timer");
            t.setDaemon(true);
            return t;
        });
        try {
            Thread t = timer.schedule(Thread::currentThread, 0, TimeUnit.MILLISECONDS).get(10, TimeUnit.SECONDS);
            assertThat(t.isDaemon()).isTrue();
            assertThat(t.getName()).isEqualTo("basalt-timer");
        } finally {
            timer.shutdownNow();
        }
    }
}
