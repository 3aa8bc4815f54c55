package io.basalt.server.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shipped config/basalt.yaml's server section equals the code defaults; bad keys and values are rejected. */
class ServerConfigTest {
    /** Tests run with the module directory as working directory. */
    static final Path SHIPPED = Path.of("../config/basalt.yaml");

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        Path f = dir.resolve("basalt.yaml");
        Files.writeString(f, yaml);
        return f;
    }

    @Test
    void shippedFileEqualsTheCodeDefaults() {
        assertThat(ServerConfig.fromYaml(SHIPPED)).usingRecursiveComparison().isEqualTo(new ServerConfig());
    }

    @Test
    void shippedFileMentionsEveryKey() throws IOException {
        String text = Files.readString(SHIPPED);
        String server = text.substring(text.indexOf("\nserver:"));
        List<String> missing = new ArrayList<>();
        for (Class<?> type : List.of(ServerConfig.class, UserConfig.class)) {
            for (Field f : type.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || !Modifier.isPublic(f.getModifiers())) {
                    continue;
                }
                String snake = f.getName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase();
                if (!server.matches("(?s).*\\n\\s*(- )?" + snake + ":.*")) {
                    missing.add(snake);
                }
            }
        }
        assertThat(missing).as("keys absent from the server section of %s", SHIPPED).isEmpty();
    }

    @Test
    void defaultsAreWhatClientsNeed() {
        ServerConfig c = new ServerConfig();
        c.validate();
        assertThat(c.host).isEqualTo("127.0.0.1");
        assertThat(c.port).isEqualTo(4000);
        assertThat(c.version).isEqualTo("10.11.99-Basalt-MariaDB");
        assertThat(c.maxAllowedPacket).isEqualTo(64L << 20);
        assertThat(c.defaultAuthPlugin).isEqualTo("mysql_native_password");
        assertThat(c.users).singleElement().satisfies(u -> {
            assertThat(u.name).isEqualTo("root");
            assertThat(u.password).isEmpty();
            assertThat(u.host).isEqualTo("localhost");
        });
    }

    @Test
    void valuesInTheFileAreApplied() throws IOException {
        ServerConfig c = ServerConfig.fromYaml(write("""
                server:
                  port: 3307
                  worker_threads: 8
                  default_auth_plugin: caching_sha2_password
                  users:
                    - name: app
                      password: pw
                      host: '%'
                """));
        c.validate();
        assertThat(c.port).isEqualTo(3307);
        assertThat(c.workerThreads).isEqualTo(8);
        assertThat(c.defaultAuthPlugin).isEqualTo("caching_sha2_password");
        assertThat(c.users).singleElement().satisfies(u -> {
            assertThat(u.name).isEqualTo("app");
            assertThat(u.host).isEqualTo("%");
        });
        assertThat(c.host).isEqualTo("127.0.0.1");
    }

    @Test
    void unknownKeysAreRejected() throws IOException {
        Path f = write("server:\n  prot: 3306\n");
        assertThatThrownBy(() -> ServerConfig.fromYaml(f)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("prot");
        Path g = write("server:\n  users:\n    - name: a\n      passwd: x\n");
        assertThatThrownBy(() -> ServerConfig.fromYaml(g)).hasMessageContaining("passwd");
    }

    @Test
    void badValuesAreRejectedByName() throws IOException {
        for (String yaml : List.of("server:\n  port: 70000\n", "server:\n  version: Basalt\n",
                "server:\n  max_allowed_packet: 10\n", "server:\n  default_auth_plugin: ed25519\n",
                "server:\n  users: []\n", "server:\n  worker_threads: 0\n",
                "server:\n  status_host: ''\n", "server:\n  status_port: -1\n", "server:\n  init_file: null\n")) {
            ServerConfig c = ServerConfig.fromYaml(write(yaml));
            assertThatThrownBy(c::validate).as(yaml).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("server.");
        }
    }
}
