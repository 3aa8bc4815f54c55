package io.basalt.benchmarks.sysbench;

import io.basalt.benchmarks.sysbench.Measurements.Cell;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Experiments 2 and 3: one workload at a fixed rate with a commit optimisation on and off. "On" enables only the
 * path under test, "off" disables both fast paths, so the comparison is that path against 2PC, as TiDB 5.0 measured.
 * The switches are global variables that new sessions copy, and each sysbench run opens new sessions.
 */
final class CommitSwitchScenario implements Scenario {
    static final String ON = "on";
    static final String OFF = "off (2PC)";

    private final String title;
    private final String workload;
    private final String variable;
    private final String otherVariable;
    private final double seedAvgPercent;
    private final double seedP99Percent;
    private final Map<String, List<CommitPathCounters>> paths = new LinkedHashMap<>();
    private int rate;

    private CommitSwitchScenario(String title, String workload, String variable, String otherVariable,
                                 double seedAvgPercent, double seedP99Percent) {
        this.title = title;
        this.workload = workload;
        this.variable = variable;
        this.otherVariable = otherVariable;
        this.seedAvgPercent = seedAvgPercent;
        this.seedP99Percent = seedP99Percent;
    }

    static CommitSwitchScenario asyncCommit() {
        return new CommitSwitchScenario("async commit", "oltp_update_index", "tidb_enable_async_commit",
                "tidb_enable_1pc", -42, -32);
    }

    static CommitSwitchScenario onePc() {
        return new CommitSwitchScenario("1PC", "oltp_update_non_index", "tidb_enable_1pc",
                "tidb_enable_async_commit", -46, -35);
    }

    @Override
    public boolean warmsEachWorkload() {
        return true;
    }

    @Override
    public int runCount(HarnessSettings s) {
        return (s.rate() > 0 ? 0 : 1) + s.repeat() * 3;
    }

    private int threads(HarnessSettings s) {
        return s.threads().get(s.threads().size() - 1);
    }

    @Override
    public void run(ScenarioContext ctx) {
        HarnessSettings s = ctx.settings();
        int threads = threads(s);
        switchTo(ctx.basalt(), true);
        rate = RateCalibration.rate(ctx, workload, threads);
        List<String> rateArg = List.of("--rate=" + rate);
        for (int rep = 1; rep <= s.repeat(); rep++) {
            // alternate which variant runs first, so warm-up and drift do not always favour the same one
            for (String variant : rep % 2 == 1 ? List.of(ON, OFF) : List.of(OFF, ON)) {
                switchTo(ctx.basalt(), variant.equals(ON));
                ctx.progress().run("basalt " + workload + " " + title + " " + variant + " repeat " + rep);
                CommitPathCounters before = CommitPathCounters.read(ctx.basalt());
                SysbenchResult r = ctx.sysbench().run(ctx.basalt(), workload, threads, rateArg,
                        workload + "-" + (variant.equals(ON) ? "on" : "off") + "-r" + rep);
                paths.computeIfAbsent(variant, v -> new ArrayList<>())
                        .add(CommitPathCounters.read(ctx.basalt()).minus(before));
                ctx.measurements().add(new Cell("basalt", workload, threads, variant), r);
            }
            ctx.progress().run("mariadb " + workload + " (reference) repeat " + rep);
            SysbenchResult r = ctx.sysbench().run(ctx.mariadb(), workload, threads, rateArg,
                    workload + "-rate-r" + rep);
            ctx.measurements().add(new Cell("mariadb", workload, threads, ""), r);
        }
        SqlCli.execute(ctx.basalt(), "SET GLOBAL " + variable + " = 1; SET GLOBAL " + otherVariable + " = 1");
    }

    private void switchTo(DbServer basalt, boolean on) {
        SqlCli.execute(basalt, "SET GLOBAL " + variable + " = " + (on ? 1 : 0) + "; SET GLOBAL " + otherVariable
                + " = 0");
    }

    @Override
    public void report(ScenarioContext ctx) throws IOException {
        HarnessSettings s = ctx.settings();
        int threads = threads(s);
        Measurements m = ctx.measurements();
        Cell on = new Cell("basalt", workload, threads, ON);
        Cell off = new Cell("basalt", workload, threads, OFF);
        Cell maria = new Cell("mariadb", workload, threads, "");
        Report report = ctx.report();
        report.header(workload + ", " + threads + " threads, fixed rate " + rate + " tps (--rate)");
        List<List<String>> rows = new ArrayList<>();
        for (Cell c : List.of(on, off, maria)) {
            String label = c.server().equals("basalt") ? "Basalt, " + title + " " + c.variant() : "MariaDB 10.11";
            String commitPaths = c.server().equals("basalt") ? paths.get(c.variant()).stream()
                    .map(CommitPathCounters::describe).reduce((a, b) -> a + "; " + b).orElse("") : "n/a";
            rows.add(List.of(label, Fmt.tps(m.spread(c, SysbenchResult::tps)),
                    Fmt.ms(m.spread(c, SysbenchResult::avgLatencyMs)), Fmt.ms(m.spread(c, SysbenchResult::p99LatencyMs)),
                    commitPaths));
        }
        report.table(new Report.Table(title + " on vs off (median [min, max] over repeats)",
                List.of("server, setting", "tps", "avg ms", "p99 ms", "commits by path, per repeat"), rows));
        Spread avg = Ratios.pairedChangePercent(m.values(on, SysbenchResult::avgLatencyMs),
                m.values(off, SysbenchResult::avgLatencyMs));
        Spread p99 = Ratios.pairedChangePercent(m.values(on, SysbenchResult::p99LatencyMs),
                m.values(off, SysbenchResult::p99LatencyMs));
        report.table(new Report.Table("Latency change, " + title + " on against off",
                List.of("metric", "measured change", "TiDB 5.0 seed"),
                List.of(List.of("avg latency", Fmt.percent(avg), Fmt.num(seedAvgPercent, "%+.0f %%")),
                        List.of("p99 latency", Fmt.percent(p99), Fmt.num(seedP99Percent, "%+.0f %%")))));
        report.target(new Report.Target(title + ": avg latency change ≤ " + Fmt.num(seedAvgPercent, "%.0f") + " %",
                Fmt.percent(avg), avg.median() <= seedAvgPercent));
        report.target(new Report.Target(title + ": p99 latency change ≤ " + Fmt.num(seedP99Percent, "%.0f") + " %",
                Fmt.percent(p99), p99.median() <= seedP99Percent));
        Map<String, List<Double>> series = new LinkedHashMap<>();
        series.put("avg ms", new ArrayList<>());
        series.put("p99 ms", new ArrayList<>());
        for (Cell c : List.of(on, off, maria)) {
            series.get("avg ms").add(m.spread(c, SysbenchResult::avgLatencyMs).median());
            series.get("p99 ms").add(m.spread(c, SysbenchResult::p99LatencyMs).median());
        }
        String file = "latency.png";
        ChartWriter.bars(ctx.outDir().resolve(file), workload + " at " + rate + " tps: latency", "ms",
                List.of("Basalt " + title + " on", "Basalt " + title + " off", "MariaDB"), series);
        report.chart(new Report.Chart("latency, " + title + " on/off and MariaDB", file));
    }
}
