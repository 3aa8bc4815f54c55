package io.basalt.benchmarks.sysbench;

import io.basalt.benchmarks.sysbench.Measurements.Cell;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Experiment 5: oltp_update_non_index at rising concurrency. Binlog fsyncs per commit come from the servers' own
 * counters: with sync_binlog=1 each binlog group commit is one write and one fsync, so
 * ΔBinlog_group_commits / ΔBinlog_commits is fsyncs per commit (both servers name them alike).
 */
final class GroupCommitScenario implements Scenario {
    static final String WORKLOAD = "oltp_update_non_index";
    private final Map<Cell, List<Double>> fsyncsPerCommit = new LinkedHashMap<>();

    @Override
    public int runCount(HarnessSettings s) {
        return s.repeat() * s.threads().size() * 2;
    }

    @Override
    public void run(ScenarioContext ctx) {
        HarnessSettings s = ctx.settings();
        for (int rep = 1; rep <= s.repeat(); rep++) {
            for (int threads : s.threads()) {
                for (DbServer server : List.of(ctx.basalt(), ctx.mariadb())) {
                    ctx.progress().run(server.name() + " " + WORKLOAD + " threads=" + threads + " repeat " + rep);
                    long commits = SqlCli.globalStatus(server, "Binlog_commits");
                    long groups = SqlCli.globalStatus(server, "Binlog_group_commits");
                    SysbenchResult r = ctx.sysbench().run(server, WORKLOAD, threads, List.of(),
                            WORKLOAD + "-t" + threads + "-r" + rep);
                    long dCommits = SqlCli.globalStatus(server, "Binlog_commits") - commits;
                    long dGroups = SqlCli.globalStatus(server, "Binlog_group_commits") - groups;
                    Cell cell = new Cell(server.name(), WORKLOAD, threads, "");
                    ctx.measurements().add(cell, r);
                    fsyncsPerCommit.computeIfAbsent(cell, c -> new ArrayList<>())
                            .add(dCommits > 0 ? (double) dGroups / dCommits : Double.NaN);
                }
            }
        }
    }

    @Override
    public void report(ScenarioContext ctx) throws IOException {
        HarnessSettings s = ctx.settings();
        Measurements m = ctx.measurements();
        Report report = ctx.report();
        List<List<String>> rows = new ArrayList<>();
        Map<String, List<Double>> tps = new LinkedHashMap<>();
        tps.put("basalt", new ArrayList<>());
        tps.put("mariadb", new ArrayList<>());
        for (int threads : s.threads()) {
            Cell b = new Cell("basalt", WORKLOAD, threads, "");
            Cell d = new Cell("mariadb", WORKLOAD, threads, "");
            rows.add(List.of(Integer.toString(threads), Fmt.tps(m.spread(b, SysbenchResult::tps)),
                    Fmt.tps(m.spread(d, SysbenchResult::tps)), Fmt.ratio(m.ratio(b, d, SysbenchResult::tps)),
                    fsyncs(b), fsyncs(d), Fmt.cpuMs(m.spread(b, SysbenchResult::serverCpuMsPerTransaction)),
                    Fmt.cpuMs(m.spread(d, SysbenchResult::serverCpuMsPerTransaction))));
            tps.get("basalt").add(m.spread(b, SysbenchResult::tps).median());
            tps.get("mariadb").add(m.spread(d, SysbenchResult::tps).median());
        }
        report.table(new Report.Table("Group commit: " + WORKLOAD + " (median [min, max] over repeats)",
                List.of("threads", "Basalt tps", "MariaDB tps", "Basalt / MariaDB", "Basalt binlog fsyncs/commit",
                        "MariaDB binlog fsyncs/commit", "Basalt CPU ms/txn", "MariaDB CPU ms/txn"), rows));
        report.note(ProcessCpuTime.REPORT_NOTE);
        int max = s.threads().get(s.threads().size() - 1);
        if (s.threads().contains(32) && max > 32) {
            double at32 = m.spread(new Cell("basalt", WORKLOAD, 32, ""), SysbenchResult::tps).median();
            double atMax = m.spread(new Cell("basalt", WORKLOAD, max, ""), SysbenchResult::tps).median();
            report.target(new Report.Target("Basalt tps at " + max + " threads ≥ tps at 32",
                    Fmt.num(atMax, "%.0f") + " vs " + Fmt.num(at32, "%.0f"), atMax >= at32));
        } else {
            report.note("The throughput-collapse target compares 32 threads with the highest count; this run did not"
                    + " include 32 and a higher count.");
        }
        for (int threads : s.threads()) {
            if (threads >= 64) {
                Spread f = spreadOrNull(new Cell("basalt", WORKLOAD, threads, ""));
                report.target(new Report.Target("Basalt binlog fsyncs per commit ≤ 0.2 at " + threads + " threads",
                        f == null ? "n/a: Binlog_commits did not move (the server does not write its binlog yet,"
                                + " issue 4)" : f.format("%.3f"), f != null && f.median() <= 0.2));
            }
        }
        List<Double> x = s.threads().stream().map(Integer::doubleValue).toList();
        ChartWriter.xy(ctx.outDir().resolve("group-commit-tps.png"), WORKLOAD + ": tps by threads", "threads",
                "tps", x, tps);
        report.chart(new Report.Chart("group commit throughput", "group-commit-tps.png"));
    }

    private String fsyncs(Cell cell) {
        Spread f = spreadOrNull(cell);
        return f == null ? "n/a (no binlog commits)" : f.format("%.3f");
    }

    private Spread spreadOrNull(Cell cell) {
        List<Double> values = fsyncsPerCommit.getOrDefault(cell, List.of()).stream().filter(v -> !v.isNaN()).toList();
        return values.isEmpty() ? null : Spread.of(values);
    }
}
