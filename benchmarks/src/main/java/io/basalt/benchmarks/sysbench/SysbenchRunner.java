package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/** Runs sysbench against one server and keeps every output under {@code raw/}, as the report promises. */
final class SysbenchRunner {
    static final String DATABASE = "sbtest";

    private final SysbenchOptions options;
    private final Path rawDir;
    private final RunProfiler profiler;

    SysbenchRunner(SysbenchOptions options, Path rawDir, RunProfiler profiler) {
        this.options = options;
        this.rawDir = rawDir;
        this.profiler = profiler;
    }

    /** Creates the database and the tables; every oltp_* workload shares oltp_common's schema, so once suffices. */
    void prepare(DbServer server) {
        SqlCli.execute(server, "DROP DATABASE IF EXISTS " + DATABASE + "; CREATE DATABASE " + DATABASE);
        invoke(server, "oltp_read_write", 4, "prepare", List.of(), "prepare");
    }

    /**
     * One measured run (profiled when the harness profiles this server), with the CPU time the server used during
     * sysbench's run (profiling's own in-process cost, JFR's, included).
     *
     * @param label distinguishes the raw output file: workload, threads, variant, repeat
     * @param extra further sysbench options, e.g. {@code --rate=N}
     */
    SysbenchResult run(DbServer server, String workload, int threads, List<String> extra, String label) {
        List<String> args = new ArrayList<>(List.of("--time=" + options.durationSeconds(), "--percentile=99",
                "--histogram=off", "--report-interval=1"));
        args.addAll(extra);
        return profiler.around(server, label, () -> {
            OptionalDouble before = ProcessCpuTime.millis(server.pid());
            String output = invoke(server, workload, threads, "run", args, label);
            OptionalDouble after = ProcessCpuTime.millis(server.pid());
            SysbenchResult result = SysbenchOutputParser.parse(output);
            return before.isPresent() && after.isPresent()
                    ? result.withServerCpuMs(after.getAsDouble() - before.getAsDouble()) : result;
        });
    }

    /**
     * An unmeasured run, so the measured runs do not pay for Basalt's JIT compilation of the paths this workload
     * takes and both servers start them with warm caches.
     */
    void warmUp(DbServer server, String workload, int seconds, int threads) {
        invoke(server, workload, threads, "run", List.of("--time=" + seconds, "--report-interval=1"),
                "warmup-" + workload);
    }

    /** Keeps another raw output of a run (e.g. when a background client ran), as {@code raw/<server>-<label>.txt}. */
    void keep(DbServer server, String label, String text) {
        try {
            Files.createDirectories(rawDir);
            Files.writeString(rawFile(server, label), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path rawFile(DbServer server, String label) {
        return rawDir.resolve(server.name() + "-" + label + ".txt");
    }

    void cleanup(DbServer server) {
        invoke(server, "oltp_read_write", 1, "cleanup", List.of(), "cleanup");
    }

    private String invoke(DbServer server, String workload, int threads, String command, List<String> extra,
                          String label) {
        List<String> cmd = new ArrayList<>(List.of("sysbench", workload, "--db-driver=mysql",
                "--mysql-host=" + DbServer.HOST, "--mysql-port=" + server.port(), "--mysql-user=root",
                "--mysql-password=", "--mysql-db=" + DATABASE, "--mysql-ssl=off", "--tables=" + options.tables(),
                "--table-size=" + options.tableSize(), "--threads=" + threads, "--rand-seed=1"));
        cmd.addAll(extra);
        cmd.add(command);
        ExternalCommand run = ExternalCommand.run(cmd, options.durationSeconds() + 600L);
        keep(server, label, String.join(" ", cmd) + "\n\n" + run.output());
        if (!run.ok()) {
            throw new IllegalStateException("sysbench " + workload + " " + command + " failed on " + server.name()
                    + ", see " + rawFile(server, label));
        }
        return run.output();
    }
}
