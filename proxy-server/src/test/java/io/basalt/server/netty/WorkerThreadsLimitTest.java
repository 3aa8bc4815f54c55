package io.basalt.server.netty;

import io.basalt.server.testing.RawClient;
import io.basalt.server.testing.TestServer;
import io.basalt.storage.testing.Await;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Commands beyond worker_threads running statements wait their turn, visible in the admission's gauges. */
class WorkerThreadsLimitTest {

    @Test
    void aCommandBeyondTheLimitWaitsUntilARunningStatementEnds() throws Exception {
        try (TestServer server = TestServer.start(c -> c.workerThreads = 1);
             RawClient busy = RawClient.login(server.port(), "root", "");
             RawClient next = RawClient.login(server.port(), "root", "")) {
            busy.query("SELECT WAIT");
            Await.until("the first statement runs", () -> server.engine().waiting() == 1);
            next.query("SELECT 1");
            Await.until("the second command is queued", () -> gauge(server, "basalt.statements.queued") == 1);
            assertThat(gauge(server, "basalt.statements.running")).isEqualTo(1);
            server.engine().releaseWaiters();
            assertThat(busy.read().isOk()).isTrue();
            assertThat(next.readResultSet()).hasSize(4);
            Await.until("no statement runs", () -> gauge(server, "basalt.statements.running") == 0);
            assertThat(gauge(server, "basalt.statements.queued")).isZero();
        }
    }

    private static double gauge(TestServer server, String name) {
        return server.meters().get(name).gauge().value();
    }
}
