package io.basalt.it.replica;

import io.basalt.it.BasaltServerProcess;
import io.basalt.it.Binaries;
import io.basalt.it.ExternalCommand;
import io.basalt.it.MariaDbReference;
import io.basalt.it.ReactorRoot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Pipes {@code mariadb-binlog} of all of Basalt's binlog files into a MariaDB server, as a point-in-time restore does. */
final class BinlogReplay {
    private BinlogReplay() {
    }

    /** The binlog files in order. */
    static List<String> files(BasaltServerProcess basalt) throws IOException {
        try (Stream<Path> s = Files.list(basalt.dataDir().resolve("binlog"))) {
            return s.map(Path::toString).filter(f -> f.matches(".*basalt-bin\\.\\d{6}")).sorted().toList();
        }
    }

    static void into(BasaltServerProcess basalt, MariaDbReference mariadb) throws IOException {
        // --binary-mode: Annotate_rows comments quote statements with raw _binary literals (NUL bytes), as MariaDB's do
        String pipeline = "set -o pipefail; " + tool("mariadb-binlog") + " " + String.join(" ", files(basalt))
                + " | " + tool("mariadb") + " --binary-mode -h127.0.0.1 -P" + mariadb.port() + " -uroot";
        ExternalCommand.Result replay = ExternalCommand.run(List.of("bash", "-c", pipeline), null,
                Duration.ofMinutes(5), ReactorRoot.targetDir().resolve("server-logs").resolve("replay.txt"));
        assertThat(replay.exitCode()).as(replay.describe()).isZero();
    }

    static String tool(String name) {
        return Binaries.find(name).orElseThrow().toString();
    }
}
