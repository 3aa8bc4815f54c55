package io.basalt.it;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Copies a child process's combined output to a log file on a daemon thread and signals when a line matching the
 * readiness predicate appears. Thread-safe: the pump thread writes, test threads wait and read the file.
 */
public final class ProcessLog {
    private static final int TAIL_LINES = 80;

    private final Path file;
    private final CountDownLatch ready = new CountDownLatch(1);
    private final Thread pump;

    public ProcessLog(InputStream output, Path file, Predicate<String> readyLine) {
        this.file = file;
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            Files.createFile(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.pump = new Thread(() -> copy(output, readyLine), "log-pump-" + file.getFileName());
        pump.setDaemon(true);
        pump.start();
    }

    public Path file() {
        return file;
    }

    /**
     * Waits for the readiness line. Returns false when the process exited or the timeout passed first.
     */
    public boolean awaitReady(Process process, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (ready.await(100, TimeUnit.MILLISECONDS)) {
                return true;
            }
            if (!process.isAlive()) {
                // the pump may still be flushing the last lines that explain the exit
                pump.join(2_000);
                return ready.getCount() == 0;
            }
        }
        return false;
    }

    /** Waits until the pump has copied everything the (exited) process wrote. */
    public void drain(Duration timeout) throws InterruptedException {
        pump.join(timeout.toMillis());
    }

    /** The last lines of the log, for failure messages. */
    public String tail() {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            int from = Math.max(0, lines.size() - TAIL_LINES);
            return "---- last " + (lines.size() - from) + " lines of " + file + " ----\n"
                    + String.join("\n", lines.subList(from, lines.size()));
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }

    private void copy(InputStream output, Predicate<String> readyLine) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8));
             BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write(line);
                out.newLine();
                out.flush();
                if (readyLine.test(line)) {
                    ready.countDown();
                }
            }
        } catch (IOException e) {
            // the process closed its output abruptly (killed): the log ends here
        }
    }
}
