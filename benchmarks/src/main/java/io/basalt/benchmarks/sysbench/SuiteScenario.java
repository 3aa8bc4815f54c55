package io.basalt.benchmarks.sysbench;

import io.basalt.benchmarks.sysbench.Measurements.Cell;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Experiment 1: the oltp workloads × thread counts, Basalt and MariaDB back to back. */
final class SuiteScenario implements Scenario {
    static final List<String> WORKLOADS = List.of("oltp_point_select", "oltp_read_only", "oltp_read_write",
            "oltp_write_only", "oltp_update_index", "oltp_update_non_index", "oltp_insert");
    private static final Set<String> WRITE_WORKLOADS =
            Set.of("oltp_update_index", "oltp_update_non_index", "oltp_insert", "oltp_write_only");
    private static final int TARGET_THREADS = 32;

    @Override
    public boolean warmsEachWorkload() {
        return true;
    }

    @Override
    public int runCount(HarnessSettings s) {
        return s.repeat() * s.workloads().size() * s.threads().size() * 2;
    }

    @Override
    public void run(ScenarioContext ctx) {
        HarnessSettings s = ctx.settings();
        for (int rep = 1; rep <= s.repeat(); rep++) {
            for (String workload : s.workloads()) {
                if (rep == 1) {
                    WorkloadWarmUp.run(ctx, workload, s.threads().get(0));
                }
                for (int threads : s.threads()) {
                    for (DbServer server : List.of(ctx.basalt(), ctx.mariadb())) {
                        ctx.progress().run(server.name() + " " + workload + " threads=" + threads + " repeat " + rep
                                + "/" + s.repeat());
                        SysbenchResult r = ctx.sysbench().run(server, workload, threads, List.of(),
                                workload + "-t" + threads + "-r" + rep);
                        ctx.measurements().add(new Cell(server.name(), workload, threads, ""), r);
                    }
                }
            }
        }
    }

    @Override
    public void report(ScenarioContext ctx) throws IOException {
        HarnessSettings s = ctx.settings();
        Measurements m = ctx.measurements();
        List<List<String>> ratioRows = new ArrayList<>();
        List<List<String>> absRows = new ArrayList<>();
        List<List<String>> cpuRows = new ArrayList<>();
        for (String workload : s.workloads()) {
            for (int threads : s.threads()) {
                Cell b = new Cell("basalt", workload, threads, "");
                Cell d = new Cell("mariadb", workload, threads, "");
                ratioRows.add(List.of(workload, Integer.toString(threads),
                        Fmt.ratio(m.ratio(b, d, SysbenchResult::tps)),
                        Fmt.ratio(m.ratio(b, d, SysbenchResult::avgLatencyMs)),
                        Fmt.ratio(m.ratio(b, d, SysbenchResult::p99LatencyMs))));
                absRows.add(List.of(workload, Integer.toString(threads),
                        Fmt.tps(m.spread(b, SysbenchResult::tps)), Fmt.tps(m.spread(d, SysbenchResult::tps)),
                        Fmt.ms(m.spread(b, SysbenchResult::avgLatencyMs)),
                        Fmt.ms(m.spread(d, SysbenchResult::avgLatencyMs)),
                        Fmt.ms(m.spread(b, SysbenchResult::p99LatencyMs)),
                        Fmt.ms(m.spread(d, SysbenchResult::p99LatencyMs)),
                        Fmt.tps(m.spread(b, SysbenchResult::qps)), Fmt.tps(m.spread(d, SysbenchResult::qps)),
                        m.spread(b, SysbenchResult::errorsPerSec).format("%.1f") + " / "
                                + m.spread(d, SysbenchResult::errorsPerSec).format("%.1f")));
                cpuRows.add(List.of(workload, Integer.toString(threads),
                        Fmt.cpuMs(m.spread(b, SysbenchResult::serverCpuMsPerTransaction)),
                        Fmt.cpuMs(m.spread(d, SysbenchResult::serverCpuMsPerTransaction)),
                        Fmt.ratio(m.ratio(b, d, SysbenchResult::serverCpuMsPerTransaction))));
            }
        }
        Report report = ctx.report();
        report.table(new Report.Table("Basalt / MariaDB (median of per-repeat ratios, [min, max])",
                List.of("workload", "threads", "tps ratio (higher is better)", "avg latency ratio (lower is better)",
                        "p99 latency ratio (lower is better)"), ratioRows));
        report.table(new Report.Table("Absolute figures (median [min, max] over repeats)",
                List.of("workload", "threads", "Basalt tps", "MariaDB tps", "Basalt avg ms", "MariaDB avg ms",
                        "Basalt p99 ms", "MariaDB p99 ms", "Basalt qps", "MariaDB qps",
                        "ignored errors/s, Basalt / MariaDB"), absRows));
        report.table(new Report.Table("Server CPU per transaction (median [min, max] over repeats)",
                List.of("workload", "threads", "Basalt ms", "MariaDB ms", "Basalt / MariaDB"), cpuRows));
        report.note(ProcessCpuTime.REPORT_NOTE);
        if (s.threads().contains(TARGET_THREADS)) {
            for (String workload : s.workloads()) {
                double floor = WRITE_WORKLOADS.contains(workload) ? 1.0
                        : workload.equals("oltp_read_write") ? 0.8 : 0.7;
                Spread r = m.ratio(new Cell("basalt", workload, TARGET_THREADS, ""),
                        new Cell("mariadb", workload, TARGET_THREADS, ""), SysbenchResult::tps);
                report.target(new Report.Target(workload + " at 32 threads: Basalt tps ≥ " + floor + "× MariaDB",
                        Fmt.ratio(r), r.median() >= floor));
            }
        } else {
            report.note("The suite targets are defined at 32 threads, which this run did not include.");
        }
        for (int threads : s.threads()) {
            List<String> categories = new ArrayList<>();
            Map<String, List<Double>> tps = new LinkedHashMap<>();
            Map<String, List<Double>> p99 = new LinkedHashMap<>();
            for (String server : List.of("basalt", "mariadb")) {
                tps.put(server, new ArrayList<>());
                p99.put(server, new ArrayList<>());
            }
            for (String workload : s.workloads()) {
                categories.add(workload.replace("oltp_", ""));
                for (String server : List.of("basalt", "mariadb")) {
                    Cell c = new Cell(server, workload, threads, "");
                    tps.get(server).add(m.spread(c, SysbenchResult::tps).median());
                    p99.get(server).add(m.spread(c, SysbenchResult::p99LatencyMs).median());
                }
            }
            String tpsFile = "tps-t" + threads + ".png";
            ChartWriter.bars(ctx.outDir().resolve(tpsFile), "Transactions per second, " + threads + " threads",
                    "tps", categories, tps);
            report.chart(new Report.Chart("tps at " + threads + " threads", tpsFile));
            String p99File = "p99-t" + threads + ".png";
            ChartWriter.bars(ctx.outDir().resolve(p99File), "p99 latency (ms), " + threads + " threads", "ms",
                    categories, p99);
            report.chart(new Report.Chart("p99 latency at " + threads + " threads", p99File));
        }
    }
}
