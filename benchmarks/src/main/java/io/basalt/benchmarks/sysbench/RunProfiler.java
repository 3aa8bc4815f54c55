package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code --profile}: during each of Basalt's measured runs, a JFR recording of the server (started and stopped with
 * {@code jcmd}: which Java methods) and, where Linux perf can record, a {@code perf record -a -g} of the whole machine
 * (which threads and which kernel paths: socket writes, thread wake-ups, fsync, RocksDB). Each run is summarised in
 * {@code profiles/<run>.md} and one row of the report, so a missed target comes with what explains it. MariaDB's runs
 * are not profiled. The JFR recording is kept next to the summary ({@code profiles/<run>.jfr}) for JDK Mission
 * Control.
 *
 * <p>Used by the harness thread only.
 */
final class RunProfiler {
    private static final String RECORDING = "basalt-run";
    private static final int CELL_ITEMS = 4;
    private static final int PAGE_ITEMS = 15;

    private final long pid;
    private final Path dir;
    private final int runSeconds;
    private final String perfUnavailable;
    private final List<List<String>> rows = new ArrayList<>();

    /** @param pid the Basalt server's process, or -1 when profiling is off */
    private RunProfiler(long pid, Path dir, int runSeconds, String perfUnavailable) {
        this.pid = pid;
        this.dir = dir;
        this.runSeconds = runSeconds;
        this.perfUnavailable = perfUnavailable;
    }

    static RunProfiler off() {
        return new RunProfiler(-1, null, 0, null);
    }

    /** Profiling on; call before the warm-up, since the first recording of a JVM also starts JFR itself. */
    static RunProfiler of(BasaltServerUnderTest basalt, Path outDir, int runSeconds) {
        Path dir = outDir.resolve("profiles");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        RunProfiler profiler = new RunProfiler(basalt.pid(), dir, runSeconds, PerfRecording.unavailability(dir));
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
        PerfRecording perf = perfUnavailable == null
                ? PerfRecording.start(dir.resolve(label + ".perf.data"), runSeconds) : null;
        T result = run.get();
        Path recording = dir.resolve(label + ".jfr");
        jcmd("JFR.stop", "name=" + RECORDING, "filename=" + recording);
        if (!Files.exists(recording)) {
            throw new IllegalStateException("jcmd did not write " + recording);
        }
        JfrProfile profile = JfrProfile.read(recording);
        PerfBreakdown machine = perf == null ? null : perf.finish(pid);
        String page = label + ".md";
        write(dir.resolve(page), profile.markdown("Basalt profile: " + label)
                + (machine == null ? "" : perfMarkdown(machine)));
        rows.add(List.of(label,
                machine == null ? "n/a" : StackProfile.inline(machine.threads(CELL_ITEMS)),
                machine == null ? "n/a" : StackProfile.inline(machine.basaltActivities(CELL_ITEMS + 1)),
                profile.componentsSummary(CELL_ITEMS) + " (" + profile.java().samples() + " samples)",
                "[" + page + "](profiles/" + page + ")"));
        return result;
    }

    /** Adds the table of profiled runs (none when profiling was off). */
    void report(Report report) {
        if (rows.isEmpty()) {
            return;
        }
        report.table(new Report.Table("Where the CPU went during Basalt's runs (--profile)",
                List.of("run", "whole machine by thread (perf)", "Basalt's threads by activity (perf)",
                        "Basalt's Java code by component (JFR; JDK frames charged to their caller)", "profile"),
                rows));
        report.note("Profiles: perf (`perf record -a -g -F " + PerfRecording.FREQUENCY + "`, every process) says "
                + "which threads used the CPU and on what, kernel included; JFR (`settings=profile`, through `jcmd`) "
                + "samples only threads running Java code, so its sample counts are small where the time goes to "
                + "system calls and RocksDB. Each run's page in `profiles/` has the top methods (self and inclusive) "
                + "and native frames."
                + (perfUnavailable == null ? "" : " perf did not run here: " + perfUnavailable + "."));
    }

    private static String perfMarkdown(PerfBreakdown machine) {
        StringBuilder md = new StringBuilder("\n# Whole machine (perf record -a -g)\n\n")
                .append(machine.samples()).append(" samples, ").append(machine.basaltSamples())
                .append(" of them in Basalt's process.\n");
        StackProfile.appendTable(md, "By thread (share of all samples; swapper is idle time)",
                machine.threads(PAGE_ITEMS), false);
        StackProfile.appendTable(md, "By activity, whole machine", machine.activities(PAGE_ITEMS), false);
        StackProfile.appendTable(md, "By activity, Basalt's threads (share of Basalt's samples)",
                machine.basaltActivities(PAGE_ITEMS), false);
        return md.toString();
    }

    private void jcmd(String... command) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd")
                .toString(), Long.toString(pid)));
        cmd.addAll(List.of(command));
        ExternalCommand.run(cmd, 60).orFail("jcmd " + command[0]);
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
