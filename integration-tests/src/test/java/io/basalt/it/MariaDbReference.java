package io.basalt.it;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway MariaDB 10.11 server: {@code mariadb-install-db} into a temporary directory, then {@code mariadbd
 * --no-defaults} on a free loopback port. The install creates {@code root@127.0.0.1} with an empty password and keeps
 * the grant tables, so it behaves as a stock server (1045 for a wrong password). Server settings that Basalt's
 * defaults mirror (utf8mb4_general_ci, 64 MiB max_allowed_packet, UTC system time zone) are set explicitly so that
 * outputs are comparable. It is the source of the corpus's expected outputs and the side-by-side reference.
 *
 * <p>Not thread-safe for start/close.
 */
public final class MariaDbReference implements SqlEndpoint, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MariaDbReference.class);
    private static final String HOST = "127.0.0.1";
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final ProcessLog log;
    private final Path baseDir;
    private final int port;
    private boolean closed;

    private MariaDbReference(Process process, ProcessLog log, Path baseDir, int port) {
        this.process = process;
        this.log = log;
        this.baseDir = baseDir;
        this.port = port;
    }

    /** Why a reference server cannot be started here, or empty when mariadbd and mariadb-install-db exist. */
    public static Optional<String> unavailableReason() {
        if (Binaries.find("mariadbd").isEmpty()) {
            return Optional.of("mariadbd is not installed (apt-get install mariadb-server)");
        }
        if (Binaries.find("mariadb-install-db").isEmpty()) {
            return Optional.of("mariadb-install-db is not installed (apt-get install mariadb-server)");
        }
        return Optional.empty();
    }

    public static MariaDbReference start() {
        return start(List.of());
    }

    /**
     * A reference server with further mariadbd options, e.g. {@code --server-id=2} for a replica of Basalt (whose
     * server_id is 1, MariaDB's default too); later options override the defaults here.
     */
    public static MariaDbReference start(List<String> extraArgs) {
        unavailableReason().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        int port = FreePort.find();
        String user = System.getProperty("user.name");
        try {
            Path baseDir = Files.createTempDirectory("basalt-it-mariadb-");
            Path dataDir = baseDir.resolve("data");
            Path logDir = ReactorRoot.targetDir().resolve("server-logs");
            install(dataDir, user, logDir.resolve("mariadb-install-" + port + ".log"));
            List<String> command = new ArrayList<>(List.of(Binaries.find("mariadbd").orElseThrow().toString(),
                    "--no-defaults",
                    "--user=" + user, "--datadir=" + dataDir, "--port=" + port, "--bind-address=" + HOST,
                    "--socket=" + baseDir.resolve("mysqld.sock"), "--pid-file=" + baseDir.resolve("mysqld.pid"),
                    "--skip-name-resolve", "--skip-log-bin", "--performance-schema=OFF",
                    "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci",
                    "--max-allowed-packet=64M", "--innodb-buffer-pool-size=128M", "--max-connections=500"));
            command.addAll(extraArgs);
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().put("TZ", "UTC");
            Process process = builder.start();
            ProcessLog log = new ProcessLog(process.getInputStream(), logDir.resolve("mariadb-" + port + ".log"),
                    line -> line.contains("ready for connections"));
            MariaDbReference server = new MariaDbReference(process, log, baseDir, port);
            server.awaitReady();
            LOG.info("MariaDB reference ready on port {} (data {})", port, dataDir);
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the MariaDB reference server", e);
        }
    }

    private static void install(Path dataDir, String user, Path installLog) throws IOException {
        Files.createDirectories(installLog.getParent());
        Process install = new ProcessBuilder(Binaries.find("mariadb-install-db").orElseThrow().toString(),
                "--no-defaults", "--datadir=" + dataDir, "--user=" + user, "--auth-root-authentication-method=normal",
                "--skip-test-db")
                .redirectErrorStream(true)
                .redirectOutput(installLog.toFile())
                .start();
        try {
            if (!install.waitFor(120, TimeUnit.SECONDS) || install.exitValue() != 0) {
                install.destroyForcibly();
                throw new IllegalStateException("mariadb-install-db failed, see " + installLog + ":\n"
                        + Files.readString(installLog));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            install.destroyForcibly();
            throw new IllegalStateException("interrupted during mariadb-install-db", e);
        }
    }

    private void awaitReady() {
        try {
            if (!log.awaitReady(process, STARTUP_TIMEOUT)) {
                process.destroyForcibly();
                throw new IllegalStateException("MariaDB reference on port " + port + " did not start\n" + log.tail());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while starting MariaDB", e);
        }
    }

    @Override
    public String name() {
        return "mariadb";
    }

    @Override
    public String host() {
        return HOST;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops mariadbd with SIGTERM (its normal shutdown) and removes its data. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        ProcessStop.terminate(process, Duration.ofSeconds(60));
        TempDirs.deleteRecursively(baseDir);
    }
}
