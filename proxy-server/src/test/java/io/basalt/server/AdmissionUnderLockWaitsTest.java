package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.storage.testing.Await;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * worker_threads bounds the statements running at once, not those waiting for a row lock: more sessions than that
 * may wait for one transaction's lock and its COMMIT still runs, instead of queueing behind them until they time out.
 */
class AdmissionUnderLockWaitsTest {
    private static final int PLACES = 2;
    private static final int WAITERS = 3;

    @TempDir
    Path dir;

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ExecutorService clients = Executors.newFixedThreadPool(WAITERS);
    private BasaltServer server;

    @AfterEach
    void stop() {
        clients.shutdownNow();
        if (server != null) {
            server.close();
        }
    }

    @Test
    void moreLockWaitersThanPlacesDoNotStarveTheLockHolder() throws Exception {
        BasaltConfig c = SmallServerConfig.in(dir.resolve("data"));
        c.server().workerThreads = PLACES;
        server = BasaltServer.start(c, meters, DefaultSqlLayer::open);
        try (Connection holder = connect(); Statement st = holder.createStatement()) {
            st.execute("CREATE DATABASE d");
            st.execute("CREATE TABLE d.t (id INT PRIMARY KEY, v INT NOT NULL)");
            st.execute("INSERT INTO d.t VALUES (1, 0)");
            st.execute("BEGIN");
            st.execute("UPDATE d.t SET v = v + 1 WHERE id = 1");

            List<CompletableFuture<Integer>> waiters = new ArrayList<>();
            for (int i = 0; i < WAITERS; i++) {
                waiters.add(CompletableFuture.supplyAsync(this::incrementRow, clients));
            }
            Await.until("every waiter waits for the row lock without holding a place", () ->
                    meters.get("basalt.txn.lock.waits").counter().count() >= WAITERS
                            && gauge("basalt.statements.queued") == 0 && gauge("basalt.statements.running") == 0);
            st.execute("COMMIT");
            for (CompletableFuture<Integer> w : waiters) {
                assertThat(w.get(60, TimeUnit.SECONDS)).as("rows updated by a waiter").isEqualTo(1);
            }
            try (ResultSet rs = st.executeQuery("SELECT v FROM d.t WHERE id = 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(1 + WAITERS);
            }
        }
        assertThat(meters.get("basalt.txn.lock.wait.timeouts").counter().count()).isZero();
    }

    private double gauge(String name) {
        return meters.get(name).gauge().value();
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.address().getPort() + "/", "root",
                "");
    }

    private Integer incrementRow() {
        try (Connection c = connect(); Statement st = c.createStatement()) {
            return st.executeUpdate("UPDATE d.t SET v = v + 1 WHERE id = 1");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
