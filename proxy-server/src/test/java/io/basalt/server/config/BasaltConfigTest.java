package io.basalt.server.config;

import io.basalt.storage.config.StoreConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One file for both sections, command-line overrides on top. */
class BasaltConfigTest {
    @TempDir
    Path dir;

    @Test
    void shippedFileLoadsAsTheDefaults() {
        BasaltConfig c = BasaltConfig.load(ServerConfigTest.SHIPPED);
        assertThat(c.server()).usingRecursiveComparison().isEqualTo(BasaltConfig.defaults().server());
        assertThat(c.storage()).usingRecursiveComparison().isEqualTo(new StoreConfig());
        assertThat(c.source()).isEqualTo(ServerConfigTest.SHIPPED);
    }

    @Test
    void bothSectionsComeFromOneFileAndOverridesWin() throws IOException {
        Path f = dir.resolve("b.yaml");
        Files.writeString(f, """
                storage:
                  data_dir: /from/file
                  shards: 2
                server:
                  port: 3307
                  host: 0.0.0.0
                """);
        BasaltConfig c = BasaltConfig.load(f).apply(new BasaltConfig.Overrides("/from/cli", null, 3400));
        assertThat(c.storage().dataDir).isEqualTo("/from/cli");
        assertThat(c.storage().shards).isEqualTo(2);
        assertThat(c.server().host).isEqualTo("0.0.0.0");
        assertThat(c.server().port).isEqualTo(3400);
    }

    @Test
    void unknownSectionIsRejected() throws IOException {
        Path f = dir.resolve("b.yaml");
        Files.writeString(f, "sever:\n  port: 1\n");
        assertThatThrownBy(() -> BasaltConfig.load(f)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sever");
    }

    @Test
    void explicitFileMustExistWhileTheDefaultFileIsOptional() {
        assertThatThrownBy(() -> BasaltConfig.resolve(dir.resolve("missing.yaml")))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("missing.yaml");
        BasaltConfig fallback = BasaltConfig.resolve(null);
        assertThat(fallback.server().port).isEqualTo(4000);
    }

    @Test
    void overridesAreValidated() {
        assertThatThrownBy(() -> BasaltConfig.defaults().apply(new BasaltConfig.Overrides(null, null, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("server.port");
    }
}
