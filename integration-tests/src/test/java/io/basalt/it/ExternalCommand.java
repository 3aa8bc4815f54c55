package io.basalt.it;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an external program (mariadb CLI, sysbench) to completion with a timeout, capturing its output. */
public final class ExternalCommand {
    private ExternalCommand() {
    }

    /**
     * @param stdin   text written to the program's standard input (then closed), or null for none
     * @param logFile where stdout and stderr are also written, or null
     */
    public static Result run(List<String> command, String stdin, Duration timeout, Path logFile) {
        try {
            Path out = Files.createTempFile("it-cmd-", ".out");
            Path err = Files.createTempFile("it-cmd-", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
                        .redirectError(err.toFile());
                Process process = builder.start();
                try (OutputStream in = process.getOutputStream()) {
                    if (stdin != null) {
                        in.write(stdin.getBytes(StandardCharsets.UTF_8));
                    }
                }
                boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
                if (!finished) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
                // lenient decoding: tools such as mariadb-binlog print binary column values as raw bytes
                Result result = new Result(finished ? process.exitValue() : -1, !finished,
                        new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
                        new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
                if (logFile != null) {
                    Files.createDirectories(logFile.getParent());
                    Files.writeString(logFile, "$ " + String.join(" ", command) + "\n" + result.stdout()
                            + (result.stderr().isEmpty() ? "" : "---- stderr ----\n" + result.stderr()),
                            StandardCharsets.UTF_8);
                }
                return result;
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }


    /**
     * @param exitCode the program's status, -1 when it was killed at the timeout
     * @param timedOut whether the timeout killed it
     */
    public record Result(int exitCode, boolean timedOut, String stdout, String stderr) {
        public String describe() {
            return "exit " + exitCode + (timedOut ? " (killed at the timeout)" : "") + "\n---- stdout ----\n" + stdout
                    + "\n---- stderr ----\n" + stderr;
        }
    }
}
