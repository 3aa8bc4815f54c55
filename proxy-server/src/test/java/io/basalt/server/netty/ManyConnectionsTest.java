package io.basalt.server.netty;

import io.basalt.server.testing.RawClient;
import io.basalt.server.testing.RawClient.Received;
import io.basalt.server.testing.TestServer;
import io.basalt.storage.testing.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Many idle connections cost no threads; a client that stops reading holds back only itself. */
class ManyConnectionsTest {
    private static final int CONNECTIONS = 1000;
    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void thousandIdleConnectionsAllAnswerAPing() throws Exception {
        List<RawClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < CONNECTIONS; i++) {
                clients.add(RawClient.login(server.port(), "root", ""));
            }
            assertThat(server.sessions().count()).isEqualTo(CONNECTIONS);
            assertThat(server.netty().workerThreads()).as("idle connections hold no worker thread")
                    .isLessThan(CONNECTIONS / 10);
            for (RawClient c : clients) {
                c.command(0x0e, new byte[0]);
            }
            for (RawClient c : clients) {
                Received r = c.read();
                assertThat(r.isOk()).isTrue();
            }
        } finally {
            for (RawClient c : clients) {
                c.close();
            }
        }
        Await.until("every session is closed", () -> server.sessions().count() == 0);
        assertThat(server.meters().get("basalt.connections.active").gauge().value()).isZero();
    }

    @Test
    void aClientThatStopsReadingDoesNotStallOthers() throws IOException {
        int rows = 300_000;
        try (RawClient slow = RawClient.login(server.port(), "root", "");
             RawClient other = RawClient.login(server.port(), "root", "")) {
            slow.query("SELECT ROWS " + rows);
            for (int i = 0; i < 20; i++) {
                other.query("SELECT 1");
                assertThat(other.readResultSet()).hasSize(4);
            }
            List<Received> packets = slow.readResultSet();
            assertThat(packets).hasSize(rows + 3);
            assertThat(packets.get(rows + 2).header()).isEqualTo(0xfe);
        }
    }

    @Test
    void aClientThatReadsNothingForNetWriteTimeoutIsCutOff() throws Exception {
        try (TestServer quick = TestServer.start()) {
            quick.context().globals().set("net_write_timeout", 1L);
            try (RawClient stuck = RawClient.login(quick.port(), "root", "")) {
                stuck.query("SELECT ROWS 1000000");
                Await.until("the stuck client's session is closed", () -> quick.sessions().count() == 0);
            }
        }
    }
}
