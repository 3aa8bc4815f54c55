package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@code --profile}: a JFR recording of the Basalt server (started and stopped with {@code jcmd}) around each of its
 * measured runs, summarised into {@code profiles/<run>.md} and one table of the report, so a missed target comes
 * with the frames that explain it. MariaDB's runs are not profiled. The recording itself is kept next to the summary
 * ({@code profiles/<run>.jfr}) for JDK Mission Control.
 *
 * <p>Used by the harness thread only.
 */
final class RunProfiler {
    private static final String RECORDING = "basalt-run";
    private static final int CELL_ITEMS = 4;

    private final long pid;
    private final Path dir;
    private final List<List<String>> rows = new ArrayList<>();

    /** @param pid the Basalt server's process, or -1 when profiling is off */
    private RunProfiler(long pid, Path dir) {
        this.pid = pid;
        this.dir = dir;
    }

    static RunProfiler off() {
        return new RunProfiler(-1, null);
    }

    /** Profiling on; call before the warm-up, since the first recording of a JVM also starts JFR itself. */
    static RunProfiler of(BasaltServerUnderTest basalt, Path outDir) {
        RunProfiler profiler = new RunProfiler(basalt.pid(), outDir.resolve("profiles"));
        // JFR's first start loads and initialises it for a second or more: not inside a measured run
        profiler.jcmd("JFR.start", "name=prime", "settings=profile");
        profiler.jcmd("JFR.stop", "name=prime");
        return profiler;
    }

    /** The JVM option profiling needs at Basalt's start: deeper stacks than JFR's 64 frames (Calcite, Netty). */
    static List<String> serverJvmOptions() {
        return List.of("-XX:FlightRecorderOptions:stackdepth=256");
    }

    /** Runs {@code run}, recording Basalt's profile meanwhile when this run is Basalt's and profiling is on. */
    <T> T around(DbServer server, String label, Supplier<T> run) {
        if (pid < 0 || !server.name().equals("basalt")) {
            return run.get();
        }
        jcmd("JFR.start", "name=" + RECORDING, "settings=profile");
        T result = run.get();
        Path recording = dir.resolve(label + ".jfr");
        jcmd("JFR.stop", "name=" + RECORDING, "filename=" + recording);
        if (!Files.exists(recording)) {
            throw new IllegalStateException("jcmd did not write " + recording);
        }
        JfrProfile profile = JfrProfile.read(recording);
        String page = label + ".md";
        write(dir.resolve(page), profile.markdown("Basalt profile: " + label));
        rows.add(List.of(label, Long.toString(profile.java().samples()), profile.componentsSummary(CELL_ITEMS),
                profile.selfSummary(CELL_ITEMS), "[" + page + "](profiles/" + page + ")"));
        return result;
    }

    /** Adds the table of profiled runs (none when profiling was off). */
    void report(Report report) {
        if (rows.isEmpty()) {
            return;
        }
        report.table(new Report.Table("Where Basalt's CPU went (JFR, threads running Java code)",
                List.of("run", "samples", "components (JDK frames charged to their caller)", "top methods (self)",
                        "profile"), rows));
        report.note("Profiles: JFR `settings=profile` recorded through `jcmd` during each Basalt run; native code "
                + "(RocksDB, system calls) is listed apart in each profile page because JFR cannot tell working from "
                + "waiting there.");
    }

    private void jcmd(String... command) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd")
                .toString(), Long.toString(pid)));
        cmd.addAll(List.of(command));
        try {
            Files.createDirectories(dir);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", cmd) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
