package io.basalt.it.replica;

import io.basalt.it.BasaltServerProcess;
import io.basalt.it.Binaries;
import io.basalt.it.ExternalCommand;
import io.basalt.it.ReactorRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code mariadb-binlog --read-from-remote-server} (MariaDB 10.11's client) reads Basalt's binlog over a dump
 * connection — fake Rotate, Format_description, every event, the real Rotate to the next file, EOF at the end — and
 * decodes exactly what it decodes from the files themselves.
 */
class RemoteBinlogReadTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private BasaltServerProcess basalt;
    private String tool;

    @BeforeEach
    void start() {
        tool = Binaries.find("mariadb-binlog").map(Path::toString).orElse(null);
        assumeTrue(tool != null, "mariadb-binlog is not installed (apt-get install mariadb-client)");
        basalt = BasaltServerProcess.start();
    }

    @AfterEach
    void stop() {
        if (basalt != null) {
            basalt.close();
        }
    }

    @Test
    void remoteReadDecodesWhatTheFilesHold() throws Exception {
        MixedWriters.createSchema(basalt);
        MixedWriters.run(basalt, 2, Duration.ofSeconds(2), 3);
        try (Connection c = basalt.mariadb("", ""); Statement st = c.createStatement()) {
            st.execute("FLUSH BINARY LOGS");
        }
        MixedWriters.run(basalt, 2, Duration.ofSeconds(1), 4);

        ExternalCommand.Result remote = mariadbBinlog("remote", "--read-from-remote-server", "--host=127.0.0.1",
                "--port=" + basalt.port(), "--user=root", "--to-last-log", "--verbose",
                "--base64-output=decode-rows", "basalt-bin.000001");
        assertThat(remote.exitCode()).as(remote.describe()).isZero();
        assertThat(remote.stderr()).as("no warning").isEmpty();

        List<String> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(basalt.dataDir().resolve("binlog"))) {
            s.map(Path::toString).filter(f -> f.matches(".*basalt-bin\\.\\d{6}")).sorted().forEach(files::add);
        }
        assertThat(files).hasSize(2);
        List<String> args = new ArrayList<>(List.of("--verbose", "--base64-output=decode-rows"));
        args.addAll(files);
        ExternalCommand.Result local = mariadbBinlog("local", args.toArray(String[]::new));
        assertThat(local.exitCode()).as(local.describe()).isZero();

        List<String> remoteEvents = events(remote.stdout());
        assertThat(remoteEvents).as("the events with their end positions, the rows they decode to")
                .isEqualTo(events(local.stdout()));
        assertThat(remoteEvents.stream().filter(l -> l.contains("GTID 0-1-"))).hasSizeGreaterThan(10);
        assertThat(remoteEvents.stream().filter(l -> l.startsWith("### INSERT INTO"))).isNotEmpty();
        assertThat(remote.stdout().lines().filter(l -> l.contains(" end_log_pos 0 ") && l.contains("\tRotate to ")))
                .as("a fake Rotate announces each file; the second one checksummed like file 1's events")
                .containsExactly("#700101  0:00:00 server id 1  end_log_pos 0 \tRotate to basalt-bin.000001  pos: 4",
                        remote.stdout().lines().filter(l -> l.endsWith("\tRotate to basalt-bin.000002  pos: 4")
                                && l.contains(" end_log_pos 0 CRC32 0x")).findFirst().orElse("missing"));
    }

    /**
     * The event header lines (without the fake ones: end_log_pos 0) and the decoded row lines; the "# at" offsets and
     * the warning about the active file differ by construction between a remote and a file read.
     */
    private static List<String> events(String output) {
        return output.lines()
                .filter(l -> (l.startsWith("#") && l.contains(" end_log_pos ") && !l.contains(" end_log_pos 0 "))
                        || l.startsWith("### "))
                .toList();
    }

    private ExternalCommand.Result mariadbBinlog(String label, String... args) {
        List<String> command = new ArrayList<>(List.of(tool));
        command.addAll(List.of(args));
        return ExternalCommand.run(command, null, TIMEOUT,
                ReactorRoot.targetDir().resolve("server-logs").resolve("mariadb-binlog-" + label + ".txt"));
    }
}
