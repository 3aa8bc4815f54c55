package io.basalt.server.netty;

import io.netty.channel.DefaultEventLoop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

class IdleTimerTest {
    private final DefaultEventLoop loop = new DefaultEventLoop();
    private final AtomicBoolean busy = new AtomicBoolean();
    private final CountDownLatch idle = new CountDownLatch(1);
    private final IdleTimer timer = new IdleTimer(loop, busy::get, idle::countDown);

    @AfterEach
    void stopLoop() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void aConnectionIdleBeyondItsTimeoutIsClosed() throws InterruptedException {
        timer.caughtUp(1);
        assertThat(idle.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void commandsWithinTheTimeoutKeepItOpenAndTheLastOneStartsTheCount() throws InterruptedException {
        for (int i = 0; i < 5; i++) {
            timer.caughtUp(1);
            assertThat(idle.await(400, TimeUnit.MILLISECONDS)).as("closed after command %d", i).isFalse();
        }
        assertThat(idle.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aRunningCommandIsNeverIdle() throws InterruptedException {
        timer.caughtUp(1);
        busy.set(true);
        assertThat(idle.await(1500, TimeUnit.MILLISECONDS)).isFalse();
        busy.set(false);
        timer.caughtUp(1);
        assertThat(idle.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aShorterTimeoutTakesEffectAtOnceAndZeroMeansNone() throws InterruptedException {
        timer.caughtUp(3600);
        timer.caughtUp(1);
        assertThat(idle.await(10, TimeUnit.SECONDS)).as("SET wait_timeout = 1 after 3600").isTrue();

        CountDownLatch never = new CountDownLatch(1);
        IdleTimer none = new IdleTimer(loop, () -> false, never::countDown);
        none.caughtUp(1);
        none.caughtUp(0);
        assertThat(never.await(1500, TimeUnit.MILLISECONDS)).isFalse();
    }

    @Test
    void aStoppedTimerNeverFires() throws InterruptedException {
        timer.caughtUp(1);
        loop.submit(timer::stop).syncUninterruptibly();
        assertThat(idle.await(1500, TimeUnit.MILLISECONDS)).isFalse();
    }
}
