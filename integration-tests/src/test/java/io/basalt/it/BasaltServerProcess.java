package io.basalt.it;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The built Basalt server ({@code proxy-server/target/basalt-server.jar}) running as a separate JVM on a free
 * loopback port with a fresh data directory. {@link #start} returns once the server logged "ready for connections";
 * {@link #close} sends SIGTERM and fails unless the server exits cleanly within a minute.
 *
 * <p>Not thread-safe for start/close; the endpoint accessors may be used from any thread.
 */
public final class BasaltServerProcess implements SqlEndpoint, AutoCloseable {
    static final String JAR_PROPERTY = "basalt.server.jar";
    static final String READY_LINE = "ready for connections";
    private static final Logger LOG = LoggerFactory.getLogger(BasaltServerProcess.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final String HOST = "127.0.0.1";

    private final List<String> command;
    /** Holds data/ and the optional basalt.yaml. */
    private final Path runDir;
    private final int port;
    private final Duration startupTimeout;
    private Process process;
    /** This launch's {@code java.io.tmpdir}: RocksDB extracts its native library there at every start. */
    private Path javaTmpDir;
    private int launches;
    private ProcessLog log;
    private boolean closed;

    private BasaltServerProcess(List<String> command, Path runDir, int port, Duration startupTimeout) {
        this.command = List.copyOf(command);
        this.runDir = runDir;
        this.port = port;
        this.startupTimeout = startupTimeout;
    }

    /** Starts a server with the default configuration. */
    public static BasaltServerProcess start() {
        return start(Options.defaults());
    }

    public static BasaltServerProcess start(Options options) {
        Path jar = serverJar();
        int port = FreePort.find();
        try {
            Path runDir = Files.createTempDirectory("basalt-it-");
            Path dataDir = Files.createDirectory(runDir.resolve("data"));
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(options.jvmArgs());
            // a free status port too: servers of parallel runs (and one a developer runs) must not collide on 10080
            command.addAll(List.of("-jar", jar.toString(), "--data-dir", dataDir.toString(),
                    "--port", Integer.toString(port), "--host", HOST,
                    "--status-port", Integer.toString(FreePort.find())));
            if (options.configYaml() != null) {
                Path config = runDir.resolve("basalt.yaml");
                Files.writeString(config, options.configYaml(), StandardCharsets.UTF_8);
                command.addAll(List.of("--config", config.toString()));
            }
            command.addAll(options.extraArgs());
            BasaltServerProcess server = new BasaltServerProcess(command, runDir, port, options.startupTimeout());
            server.launch();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + jar, e);
        }
    }

    /**
     * Starts the server process on this instance's data directory and port and waits for the ready line. Each launch
     * gets its own temporary directory in the run directory, so a killed server's files go with the run directory
     * and a cleanly stopped one can be checked for leaving none.
     */
    private void launch() {
        List<String> launchCommand = new ArrayList<>(command);
        try {
            javaTmpDir = Files.createDirectory(runDir.resolve("tmp-" + ++launches));
            launchCommand.add(1, "-Djava.io.tmpdir=" + javaTmpDir);
            process = new ProcessBuilder(launchCommand).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + String.join(" ", launchCommand), e);
        }
        Path logFile = ReactorRoot.targetDir().resolve("server-logs").resolve(
                "basalt-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("HHmmss-SSS")) + "-" + port
                        + ".log");
        log = new ProcessLog(process.getInputStream(), logFile, line -> line.contains(READY_LINE));
        LOG.info("starting Basalt on port {}: {} (log {})", port, String.join(" ", command), logFile);
        awaitReady(startupTimeout);
    }

    /** Stops the server cleanly (as {@link #close} checks it) and starts it again on the same data and port. */
    public void restart() {
        stopCleanly();
        launch();
    }

    /**
     * Kills the server with SIGKILL, as a crash would, and starts it again on the same data and port: its recovery
     * runs. Returns once it is ready.
     */
    public void crashAndRestart() {
        killProcess();
        try {
            log.drain(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading Basalt's last log lines", e);
        }
        launch();
    }

    /** Kills the server with SIGKILL, for a test done with it that cannot stop it cleanly, and removes its files. */
    public void kill() {
        closed = true;
        killProcess();
        TempDirs.deleteRecursively(runDir);
    }

    /** SIGKILL and the wait for the process to be gone. */
    private void killProcess() {
        process.destroyForcibly();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS)) {
                throw new IllegalStateException("Basalt on port " + port + " survived SIGKILL");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing Basalt", e);
        }
    }

    /** The server's data directory (its binlog is in {@code binlog/} below it). */
    public Path dataDir() {
        return runDir.resolve("data");
    }

    /** The server jar of this reactor; fails with the command that builds it when it is missing. */
    public static Path serverJar() {
        String configured = System.getProperty(JAR_PROPERTY);
        Path jar = configured != null ? Path.of(configured)
                : ReactorRoot.locate().resolve("proxy-server/target/basalt-server.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("Basalt server jar not found at " + jar.toAbsolutePath()
                    + ". Build it first: mvn -DskipTests package -pl proxy-server -am"
                    + " (a reactor `mvn verify` builds it before these tests run)");
        }
        return jar;
    }

    private void awaitReady(Duration timeout) {
        boolean ready;
        try {
            ready = log.awaitReady(process, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while waiting for Basalt to start", e);
        }
        if (!ready) {
            String state = process.isAlive() ? "did not log \"" + READY_LINE + "\" within " + timeout.toSeconds()
                    + " s" : "exited with status " + process.exitValue() + " before it was ready";
            process.destroyForcibly();
            throw new IllegalStateException("Basalt server on port " + port + " " + state + "\n" + log.tail());
        }
    }

    @Override
    public String name() {
        return "basalt";
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

    public long pid() {
        return process.pid();
    }

    public Path logFile() {
        return log.file();
    }

    public String logTail() {
        return log.tail();
    }

    /**
     * Stops the server with SIGTERM and checks that it exits cleanly within a minute: status 0 and nothing left in
     * its temporary directory. The data directory is removed after a clean exit and kept for inspection otherwise.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopCleanly();
        TempDirs.deleteRecursively(runDir);
        LOG.info("Basalt on port {} stopped cleanly", port);
    }

    /** SIGTERM and the checks of {@link #close}; keeps the data directory. */
    private void stopCleanly() {
        if (!process.isAlive()) {
            throw new IllegalStateException("Basalt server on port " + port + " died before it was stopped, status "
                    + process.exitValue() + ", data kept in " + runDir + "\n" + log.tail());
        }
        if (!ProcessStop.terminate(process, STOP_TIMEOUT)) {
            throw new IllegalStateException("Basalt server on port " + port + " did not exit within "
                    + STOP_TIMEOUT.toSeconds() + " s of SIGTERM; killed, data kept in " + runDir + "\n" + log.tail());
        }
        try {
            log.drain(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading Basalt's last log lines", e);
        }
        int status = process.exitValue();
        if (status != 0) {
            throw new IllegalStateException("Basalt server on port " + port + " exited with status " + status
                    + " after SIGTERM, data kept in " + runDir + "\n" + log.tail());
        }
        List<String> leftBehind = TempDirs.list(javaTmpDir);
        if (!leftBehind.isEmpty()) {
            throw new IllegalStateException("Basalt server on port " + port + " left " + leftBehind + " in "
                    + javaTmpDir + " after a clean stop");
        }
    }

    /**
     * How to start the server.
     *
     * @param configYaml     contents of a {@code --config} file, or null for the shipped defaults
     * @param extraArgs      further command-line flags
     * @param jvmArgs        flags for the server's JVM
     * @param startupTimeout how long to wait for the ready line
     */
    public record Options(String configYaml, List<String> extraArgs, List<String> jvmArgs, Duration startupTimeout) {
        public Options {
            extraArgs = List.copyOf(extraArgs);
            jvmArgs = List.copyOf(jvmArgs);
        }

        public static Options defaults() {
            return new Options(null, List.of(), List.of("-Xmx1g", "-XX:+UseParallelGC"), Duration.ofSeconds(90));
        }

        public Options withConfigYaml(String yaml) {
            return new Options(yaml, extraArgs, jvmArgs, startupTimeout);
        }

        public Options withExtraArgs(List<String> args) {
            return new Options(configYaml, args, jvmArgs, startupTimeout);
        }

        public Options withJvmArgs(List<String> args) {
            return new Options(configYaml, extraArgs, args, startupTimeout);
        }
    }
}
