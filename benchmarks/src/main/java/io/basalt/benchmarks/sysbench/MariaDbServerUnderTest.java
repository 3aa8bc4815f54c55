package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway MariaDB 10.11 with the durability Basalt offers: binlog on in ROW format, synced on every commit
 * ({@code sync_binlog=1}), redo log flushed on every commit ({@code innodb_flush_log_at_trx_commit=1}).
 */
final class MariaDbServerUnderTest implements DbServer {
    private final ServerProcess process;
    private final int port;

    private MariaDbServerUnderTest(ServerProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    static MariaDbServerUnderTest start(Path logDir) {
        int port = FreePort.find();
        String user = System.getProperty("user.name");
        try {
            Path dir = Files.createTempDirectory("basalt-sysbench-mariadb-");
            Path data = dir.resolve("data");
            install(data, user, logDir.resolve("mariadb-install-" + port + ".log"));
            List<String> command = List.of("mariadbd", "--no-defaults", "--user=" + user, "--datadir=" + data,
                    "--port=" + port, "--bind-address=" + HOST, "--socket=" + dir.resolve("mysqld.sock"),
                    "--pid-file=" + dir.resolve("mysqld.pid"), "--skip-name-resolve",
                    "--log-bin=" + dir.resolve("binlog"), "--binlog-format=ROW", "--sync-binlog=1",
                    "--innodb-flush-log-at-trx-commit=1", "--server-id=1", "--performance-schema=OFF",
                    "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci",
                    "--max-allowed-packet=1G", "--innodb-buffer-pool-size=256M", "--max-connections=2000");
            ServerProcess p = ServerProcess.start(command, logDir.resolve("mariadb-" + port + ".log"), dir,
                    Duration.ofSeconds(60));
            return new MariaDbServerUnderTest(p, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void install(Path data, String user, Path log) throws IOException {
        Files.createDirectories(log.getParent());
        Process install = new ProcessBuilder("mariadb-install-db", "--no-defaults", "--datadir=" + data,
                "--user=" + user, "--auth-root-authentication-method=normal", "--skip-test-db")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!install.waitFor(120, TimeUnit.SECONDS) || install.exitValue() != 0) {
                install.destroyForcibly();
                throw new IllegalStateException("mariadb-install-db failed, see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            install.destroyForcibly();
            throw new IllegalStateException("interrupted during mariadb-install-db", e);
        }
    }

    @Override
    public String name() {
        return "mariadb";
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.stop();
    }
}
