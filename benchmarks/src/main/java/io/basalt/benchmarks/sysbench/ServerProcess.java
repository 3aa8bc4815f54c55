package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A server child process whose output goes to a log file; ready once the log shows "ready for connections". */
final class ServerProcess {
    private static final String READY = "ready for connections";

    private final Process process;
    private final Path log;
    private final Path tempDir;

    private ServerProcess(Process process, Path log, Path tempDir) {
        this.process = process;
        this.log = log;
        this.tempDir = tempDir;
    }

    static ServerProcess start(List<String> command, Path log, Path tempDir, Duration timeout) {
        try {
            Files.createDirectories(log.getParent());
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            ServerProcess server = new ServerProcess(p, log, tempDir);
            server.awaitReady(timeout, String.join(" ", command));
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0), e);
        }
    }

    private void awaitReady(Duration timeout, String command) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.readString(log).contains(READY)) {
                return;
            }
            if (!process.isAlive()) {
                break;
            }
            sleep(200);
        }
        stop();
        throw new IllegalStateException("server did not become ready: " + command + "\nlog " + log + ":\n"
                + Files.readString(log));
    }

    long pid() {
        return process.pid();
    }

    /** SIGTERM, the clean shutdown of both servers; SIGKILL after 60 s. Then the data directory is removed. */
    void stop() {
        process.destroy();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        deleteRecursively(tempDir);
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temp directory is harmless; the run's results are already written
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
