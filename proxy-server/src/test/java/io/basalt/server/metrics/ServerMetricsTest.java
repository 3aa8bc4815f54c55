package io.basalt.server.metrics;

import io.basalt.protocol.constants.CommandType;
import io.basalt.server.testing.RawClient;
import io.basalt.server.testing.TestServer;
import io.basalt.storage.testing.Await;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The front end's meters move with real traffic. */
class ServerMetricsTest {
    @Test
    void connectionsCommandsAndBytesAreCounted() throws Exception {
        try (TestServer server = TestServer.start()) {
            SimpleMeterRegistry m = server.meters();
            try (RawClient c = RawClient.login(server.port(), "root", "")) {
                c.command(0x0e, new byte[0]);
                c.read();
                c.query("SELECT 1");
                c.readResultSet();
                assertThat(m.get("basalt.connections.active").gauge().value()).isEqualTo(1);
                assertThat(m.get("basalt.commands").tag("command", "com_ping").counter().count()).isEqualTo(1);
                assertThat(m.get("basalt.commands").tag("command", "com_query").counter().count()).isEqualTo(1);
                c.command(0x42, new byte[0]);
                c.read();
                assertThat(m.get("basalt.commands").tag("command", "unknown").counter().count()).isEqualTo(1);
            }
            Await.until("the connection is gone", () -> m.get("basalt.connections.active").gauge().value() == 0);
            assertThat(m.get("basalt.connections.total").counter().count()).isEqualTo(1);
            assertThat(m.get("basalt.network.bytes").tag("direction", "in").counter().count()).isPositive();
            assertThat(m.get("basalt.network.bytes").tag("direction", "out").counter().count()).isPositive();
        }
    }

    @Test
    void questionsLeaveOutPingsAndStatistics() {
        ServerMetrics metrics = new ServerMetrics(new SimpleMeterRegistry());
        metrics.command(CommandType.COM_PING);
        metrics.command(CommandType.COM_QUERY);
        metrics.command(null);
        assertThat(metrics.questions()).isEqualTo(2);
    }

    @Test
    void activeConnectionsGaugeOutlivesAnUnreachableOwner() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WeakReference<ServerMetrics> owner = openOneConnection(registry);
        Await.until("the metrics owner is collected", () -> {
            System.gc();
            return owner.get() == null;
        });
        assertThat(registry.get("basalt.connections.active").gauge().value()).isEqualTo(1);
    }

    private static WeakReference<ServerMetrics> openOneConnection(SimpleMeterRegistry registry) {
        ServerMetrics metrics = new ServerMetrics(registry);
        metrics.connectionOpened();
        return new WeakReference<>(metrics);
    }
}
