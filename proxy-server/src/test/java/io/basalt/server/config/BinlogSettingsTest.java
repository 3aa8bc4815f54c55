package io.basalt.server.config;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.storage.binlog.BinlogConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The {@code binlog:} section and how it becomes storage's settings. */
class BinlogSettingsTest {
    @TempDir
    Path dir;

    @Test
    void shippedFileHoldsTheDefaults() {
        BasaltConfig c = BasaltConfig.load(ServerConfigTest.SHIPPED);
        assertThat(c.binlog()).usingRecursiveComparison().isEqualTo(new BinlogSettings());
        BinlogConfig bc = c.binlog().toConfig("/data", "10.11.99-Basalt-MariaDB");
        assertThat(bc.dir()).isEqualTo(Path.of("/data", "binlog"));
        assertThat(bc.enabled()).isTrue();
        assertThat(bc.syncBinlog()).isEqualTo(1);
        assertThat(bc.checksum()).isEqualTo(BinlogChecksum.CRC32);
        assertThat(bc.serverVersion()).isEqualTo("10.11.99-Basalt-MariaDB-log");
    }

    @Test
    void valuesAreReadAndChecked() throws IOException {
        Path f = dir.resolve("b.yaml");
        Files.writeString(f, """
                binlog:
                  log_bin: false
                  dir: /logs
                  server_id: 7
                  binlog_checksum: NONE
                  sync_binlog: 0
                """);
        BinlogConfig bc = BasaltConfig.load(f).binlog().toConfig("/data", "10.11.99-Basalt-MariaDB");
        assertThat(bc.dir()).isEqualTo(Path.of("/logs"));
        assertThat(bc.enabled()).isFalse();
        assertThat(bc.serverId()).isEqualTo(7);
        assertThat(bc.checksum()).isEqualTo(BinlogChecksum.NONE);
        assertThat(bc.syncBinlog()).isZero();

        Files.writeString(f, "binlog:\n  sync_binlogg: 1\n");
        assertThatThrownBy(() -> BasaltConfig.load(f)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("sync_binlogg");
        Files.writeString(f, "binlog:\n  server_id: 0\n");
        assertThatThrownBy(() -> BasaltConfig.load(f)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("binlog.server_id");
    }
}
