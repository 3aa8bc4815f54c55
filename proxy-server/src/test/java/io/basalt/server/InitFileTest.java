package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** server.init_file over the real SQL layer: run before clients connect, and a failure stops the startup. */
class InitFileTest {
    @TempDir
    Path dir;

    private BasaltConfig config(Path initFile) {
        BasaltConfig c = SmallServerConfig.in(dir.resolve("data"));
        c.server().initFile = initFile.toString();
        return c;
    }

    private BasaltServer start(BasaltConfig config) throws Exception {
        return BasaltServer.start(config, new SimpleMeterRegistry(), DefaultSqlLayer::open);
    }

    @Test
    void runsEveryStatementAsRootBeforeClientsConnect() throws Exception {
        Path init = Files.writeString(dir.resolve("init.sql"), """
                -- what the container's entrypoint writes for BASALT_DATABASE=app plus an initdb script
                CREATE DATABASE IF NOT EXISTS `app`;
                USE `app`;
                CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10));
                INSERT INTO t VALUES (1, 'a;b'), (2, 'c')
                ;
                BEGIN;
                INSERT INTO t VALUES (3, 'open');
                """);
        try (BasaltServer server = start(config(init));
             Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.address().getPort()
                     + "/app?user=root&password=");
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT id, v FROM t ORDER BY id")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(2)).isEqualTo("a;b");
            assertThat(rs.next()).isTrue();
            assertThat(rs.next()).as("the transaction left open is rolled back").isFalse();
        }
    }

    @Test
    void aFailingStatementStopsTheStartupAndReleasesTheStore() throws Exception {
        Path init = Files.writeString(dir.resolve("init.sql"), "CREATE DATABASE d1;\nSELECT * FROM nowhere.t;\n");
        assertThatThrownBy(() -> start(config(init)))
                .isInstanceOf(InitFileException.class)
                .hasMessageContaining("statement 2 failed")
                .hasMessageContaining("SELECT * FROM nowhere.t");
        Files.writeString(init, "CREATE DATABASE d2;");
        try (BasaltServer again = start(config(init))) {
            assertThat(again.isServing()).isTrue();
        }
    }

    @Test
    void aMissingFileStopsTheStartup() {
        assertThatThrownBy(() -> start(config(dir.resolve("absent.sql"))))
                .isInstanceOf(InitFileException.class)
                .hasMessageContaining("cannot read init file");
    }
}
