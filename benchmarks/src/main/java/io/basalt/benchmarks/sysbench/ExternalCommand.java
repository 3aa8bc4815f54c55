package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A child process run to its end: its exit and its output (stdout and stderr together). */
record ExternalCommand(List<String> command, boolean ok, String output) {
    /**
     * Runs {@code command} and waits up to {@code timeoutSeconds} after its output closed.
     *
     * @throws UncheckedIOException when it cannot start (not installed)
     */
    static ExternalCommand run(List<String> command, long timeoutSeconds) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean finished = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!finished) {
                p.destroyForcibly();
            }
            return new ExternalCommand(command, finished && p.exitValue() == 0, output);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The output of a command that must succeed. */
    String orFail(String what) {
        if (!ok) {
            throw new IllegalStateException(what + " failed (" + String.join(" ", command) + "): " + output);
        }
        return output;
    }
}
