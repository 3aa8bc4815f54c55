package io.basalt.benchmarks.sysbench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code perf record -a -g} of the whole machine for a fixed number of seconds (Linux perf, Debian's
 * {@code linux-perf}), read back into a {@link PerfBreakdown}. The raw {@code perf.data} is deleted once read: it is
 * large and, without the JIT's symbol map, says no more than the breakdown.
 *
 * <p>Used by the harness thread only.
 */
final class PerfRecording {
    /** Samples per second per CPU: enough for shares to a per cent over a few seconds, little overhead. */
    static final String FREQUENCY = "499";

    private final Process process;
    private final Path data;

    private PerfRecording(Process process, Path data) {
        this.process = process;
        this.data = data;
    }

    /** Null when perf can record here (installed, permitted); otherwise why not, for the report. */
    static String unavailability(Path scratchDir) {
        Path probe = scratchDir.resolve("probe.perf.data");
        try {
            ExternalCommand probeRun = ExternalCommand.run(
                    List.of("perf", "record", "-a", "-g", "-o", probe.toString(), "--", "sleep", "0"), 30);
            return probeRun.ok() ? null : "perf record failed: " + probeRun.output().lines().findFirst().orElse("");
        } catch (UncheckedIOException e) {
            return "perf is not installed (Debian package linux-perf)";
        } finally {
            probe.toFile().delete();
        }
    }

    static PerfRecording start(Path data, int seconds) {
        try {
            Process p = new ProcessBuilder("perf", "record", "-a", "-g", "-F", FREQUENCY, "-o", data.toString(), "--",
                    "sleep", Integer.toString(seconds))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return new PerfRecording(p, data);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start perf", e);
        }
    }

    /** Waits for the recording to end and summarises it; {@code serverPid} marks the server's threads. */
    PerfBreakdown finish(long serverPid) {
        try {
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException("perf record did not finish cleanly (" + data + ")");
            }
            PerfBreakdown breakdown = new PerfBreakdown(serverPid);
            Process script = new ProcessBuilder(List.of("perf", "script", "-i", data.toString(), "-F",
                    "comm,pid,tid,ip,sym,dso")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (BufferedReader out = new BufferedReader(
                    new InputStreamReader(script.getInputStream(), StandardCharsets.UTF_8))) {
                out.lines().forEach(breakdown::line);
            }
            if (script.waitFor() != 0) {
                throw new IllegalStateException("perf script could not read " + data);
            }
            breakdown.finish();
            return breakdown;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            data.toFile().delete();
        }
    }
}
