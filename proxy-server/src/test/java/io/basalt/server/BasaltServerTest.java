package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.testing.FakeSqlEngine;
import io.basalt.sql.sysvar.SystemVariables;
import io.basalt.storage.error.StorageException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The whole server's lifecycle over a real store, with a fake SQL layer. */
class BasaltServerTest {
    @TempDir
    Path dir;

    private final AtomicReference<FakeSqlEngine> engine = new AtomicReference<>();
    private final AtomicReference<SystemVariables> globals = new AtomicReference<>();
    private final AtomicBoolean sqlLayerClosed = new AtomicBoolean();

    private BasaltConfig config() {
        BasaltConfig c = SmallServerConfig.in(dir);
        c.server().shutdownTimeoutMs = 2000;
        return c;
    }

    private BasaltServer start(BasaltConfig config) throws Exception {
        return BasaltServer.start(config, new SimpleMeterRegistry(), (store, vars, sessions, meters, version, binlog) -> {
            engine.set(new FakeSqlEngine(sessions));
            globals.set(vars);
            return new BasaltServer.SqlLayer(engine.get(), () -> sqlLayerClosed.set(true));
        });
    }

    private static Connection connect(BasaltServer server) throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.address().getPort() + "/", "root",
                "");
    }

    @Test
    void servesClientsAndShutsDownInOrder() throws Exception {
        BasaltConfig config = config();
        BasaltServer server = start(config);
        assertThat(globals.get().getString("version")).isEqualTo(config.server().version);
        assertThat(globals.get().getLong("max_allowed_packet")).isEqualTo(config.server().maxAllowedPacket);
        assertThat(globals.get().getString("datadir")).isEqualTo(dir.toAbsolutePath().normalize() + "/");
        Connection c = connect(server);
        try (Statement st = c.createStatement()) {
            st.execute("BEGIN");
            try (ResultSet rs = st.executeQuery("SELECT 1")) {
                assertThat(rs.next()).isTrue();
            }
        }
        server.close();
        server.awaitTermination();
        assertThat(engine.get().closedSessions()).as("the open session was closed (rolled back)").isEqualTo(1);
        assertThat(sqlLayerClosed).isTrue();
        assertThatThrownBy(() -> c.createStatement().executeQuery("SELECT 1")).isInstanceOf(SQLException.class);
        server.close();

        BasaltServer again = start(config);
        try (Connection c2 = connect(again); Statement st = c2.createStatement();
             ResultSet rs = st.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
        } finally {
            again.close();
        }
    }

    @Test
    void secondInstanceOnTheSameDataDirectoryIsRefused() throws Exception {
        BasaltConfig config = config();
        try (BasaltServer first = start(config)) {
            assertThatThrownBy(() -> start(config())).isInstanceOf(StorageException.class)
                    .hasMessageContaining("already in use");
            try (Connection c = connect(first); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT 1")) {
                assertThat(rs.next()).as("the first instance is unaffected").isTrue();
            }
        }
    }

    @Test
    void portInUseFailsTheStartAndReleasesTheStore() throws Exception {
        BasaltConfig config = config();
        try (BasaltServer first = start(config)) {
            Path otherDir = dir.resolve("other");
            BasaltConfig clash = BasaltConfig.defaults().apply(new BasaltConfig.Overrides(otherDir.toString(),
                    "127.0.0.1", first.address().getPort()));
            clash.storage().shards = 1;
            clash.storage().rocksdb.blockCacheMb = 8;
            assertThatThrownBy(() -> start(clash)).isInstanceOf(java.net.BindException.class)
                    .hasMessageContaining("cannot listen on 127.0.0.1:" + first.address().getPort());
            clash.server().port = 0;
            start(clash).close();
        }
    }
}
