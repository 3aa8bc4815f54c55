package io.basalt.benchmarks.sysbench;

import io.basalt.benchmarks.sysbench.LargeUpdateClient.Window;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Experiment 6, after the MariaDB 11.7 rename-commit article: oltp_write_only at 16 threads while a background client
 * runs {@code UPDATE t_large SET a = a + 1} every 5 s on a table holding one LONGTEXT row of half the event size (the
 * row event carries the before and the after image). Three variants per size: Basalt with the rename path (threshold
 * below the transaction), Basalt copying (threshold above it), MariaDB 10.11 (which always copies). The figure of
 * merit is the small transactions' throughput in the seconds a large one committed over the quiet seconds.
 */
final class LargeTransactionScenario implements Scenario {
    static final String WORKLOAD = "oltp_write_only";
    static final int THREADS = 16;
    static final int PERIOD_SECONDS = 5;
    private static final long RENAME_THRESHOLD = 32L << 20;
    private static final long COPY_THRESHOLD = 1L << 40;
    private static final String TABLE = SysbenchRunner.DATABASE + ".t_large";

    /** One way of committing the large transaction. */
    private record Variant(String label, String tag, Function<ScenarioContext, DbServer> server, long threshold) {
        boolean basalt() {
            return threshold > 0;
        }
    }

    private static final List<Variant> VARIANTS = List.of(
            new Variant("Basalt, rename commit", "rename", ScenarioContext::basalt, RENAME_THRESHOLD),
            new Variant("Basalt, copy (threshold above the transaction)", "copy", ScenarioContext::basalt, COPY_THRESHOLD),
            new Variant("MariaDB 10.11 (copy)", "mariadb", ScenarioContext::mariadb, 0));

    /** One measured run. */
    private record Run(SysbenchResult result, List<Window> updates, CommitSeconds seconds, long renamed) {
    }

    private final Map<String, List<Run>> runs = new LinkedHashMap<>();

    /** What Basalt needs beyond its defaults: room for a 256 MiB row in one statement and one transaction. */
    @Override
    public String basaltConfig() {
        return "server:\n  max_allowed_packet: 1073741824\nstorage:\n  txn_size_limit_bytes: 2147483648\n";
    }

    /**
     * The servers keep one data directory each for every variant, size and repeat, and every UPDATE leaves an event
     * of its size in the binlog. Counting one UPDATE per period of the whole run (the client stops a period early)
     * covers the rest: with {@code --duration 30 --repeat 1} the disk's use peaked 14.6 GiB above its start (Basalt
     * 9.8, MariaDB 4.4), and this gives 18.6 GiB.
     */
    @Override
    public long diskBytesNeeded(HarnessSettings s) {
        long updatesPerRun = s.sysbench().durationSeconds() / PERIOD_SECONDS;
        long eventBytes = s.largeEventMib().stream().mapToLong(mib -> (long) mib << 20).sum();
        long events = (long) s.repeat() * VARIANTS.size() * updatesPerRun * eventBytes;
        return DiskSpace.forTables(s.sysbench()) + events;
    }

    @Override
    public int runCount(HarnessSettings s) {
        return s.repeat() * s.largeEventMib().size() * VARIANTS.size();
    }

    @Override
    public void run(ScenarioContext ctx) {
        HarnessSettings s = ctx.settings();
        int duration = s.sysbench().durationSeconds();
        for (int rep = 1; rep <= s.repeat(); rep++) {
            for (int mib : s.largeEventMib()) {
                for (Variant v : VARIANTS) {
                    DbServer server = v.server().apply(ctx);
                    ctx.progress().run(v.label() + ", " + mib + " MiB events, repeat " + rep + "/" + s.repeat());
                    prepareLargeRow(server, mib);
                    if (v.basalt()) {
                        SqlCli.execute(server, "SET GLOBAL binlog_large_commit_threshold = " + v.threshold());
                    }
                    long renamedBefore = renameCommits(server, v);
                    LargeUpdateClient client = new LargeUpdateClient(server, "UPDATE " + TABLE + " SET a = a + 1",
                            System.nanoTime(), PERIOD_SECONDS, duration - PERIOD_SECONDS);
                    client.start();
                    String label = "large-" + mib + "mib-" + v.tag() + "-r" + rep;
                    SysbenchResult r = ctx.sysbench().run(server, WORKLOAD, THREADS, List.of(), label);
                    List<Window> updates = client.finish();
                    ctx.sysbench().keep(server, label + "-updates", updates.stream()
                            .map(w -> String.format(Locale.ROOT, "UPDATE from %.3f s to %.3f s", w.start(), w.end()))
                            .collect(Collectors.joining("\n", "", "\n")));
                    runs.computeIfAbsent(key(mib, v), k -> new ArrayList<>()).add(new Run(r, updates,
                            CommitSeconds.of(r.perSecondTps(), updates), renameCommits(server, v) - renamedBefore));
                }
            }
        }
    }

    private static void prepareLargeRow(DbServer server, int eventMib) {
        long rowBytes = (long) eventMib << 19;
        SqlCli.execute(server, "DROP TABLE IF EXISTS " + TABLE + "; CREATE TABLE " + TABLE
                + " (id INT PRIMARY KEY, a INT NOT NULL, b LONGTEXT); INSERT INTO " + TABLE + " VALUES (1, 0, REPEAT('a', "
                + rowBytes + "))");
    }

    /** Basalt's count of renamed commits; -1 for MariaDB, which has none. */
    private static long renameCommits(DbServer server, Variant v) {
        return v.basalt() ? SqlCli.globalStatus(server, "Binlog_rename_commits") : -1;
    }

    private static String key(int mib, Variant v) {
        return mib + "/" + v.label();
    }

    @Override
    public void report(ScenarioContext ctx) throws IOException {
        HarnessSettings s = ctx.settings();
        Report report = ctx.report();
        List<List<String>> rows = new ArrayList<>();
        for (int mib : s.largeEventMib()) {
            Map<String, List<Double>> chart = new LinkedHashMap<>();
            for (Variant v : VARIANTS) {
                List<Run> list = runs.getOrDefault(key(mib, v), List.of());
                if (list.isEmpty()) {
                    continue;
                }
                rows.add(row(mib, v, list));
                chart.put(v.label(), list.get(0).result().perSecondTps());
                if (v.threshold() == RENAME_THRESHOLD) {
                    Spread ratio = ratios(list);
                    report.target(new Report.Target("small-transaction tps in the seconds a " + mib
                            + " MiB transaction commits ≥ 90 % of the quiet seconds, rename path on",
                            ratio == null ? "n/a (no commit or no quiet second)" : ratio.format("%.0f %%"),
                            ratio != null && ratio.median() >= 90));
                }
            }
            String file = "large-txn-" + mib + "mib.png";
            int seconds = chart.values().stream().mapToInt(List::size).min().orElse(0);
            List<Double> x = new ArrayList<>();
            for (int i = 1; i <= seconds; i++) {
                x.add((double) i);
            }
            Map<String, List<Double>> trimmed = new LinkedHashMap<>();
            chart.forEach((name, tps) -> trimmed.put(name, tps.subList(0, seconds)));
            ChartWriter.xy(ctx.outDir().resolve(file), WORKLOAD + " at " + THREADS + " threads, an UPDATE of " + mib
                    + " MiB binlog events every " + PERIOD_SECONDS + " s (repeat 1)", "second", "tps", x, trimmed);
            report.chart(new Report.Chart("per-second throughput beside " + mib + " MiB transactions", file));
        }
        report.table(new Report.Table("Large transactions: " + WORKLOAD + " at " + THREADS + " threads, one UPDATE every "
                + PERIOD_SECONDS + " s (median [min, max] over repeats)",
                List.of("event size", "variant", "tps, quiet seconds", "tps, commit seconds", "commit / quiet",
                        "max latency ms", "UPDATE time s", "renamed commits"), rows));
        report.note("A commit second is the second of the sysbench run in which the background UPDATE returned; a quiet"
                + " second overlaps no UPDATE. The first second (connecting) is neither. Max latency is sysbench's over"
                + " the whole run. The seed article measured MariaDB 10.11 dropping to about 62–70 % with 64 MiB rows.");
    }

    private static List<String> row(int mib, Variant v, List<Run> list) {
        List<Double> quiet = list.stream().map(r -> CommitSeconds.mean(r.seconds().quiet())).toList();
        List<Double> commit = list.stream().flatMap(r -> r.seconds().commit().stream()).toList();
        Spread ratio = ratios(list);
        List<Double> updateSeconds = list.stream().flatMap(r -> r.updates().stream())
                .map(w -> w.end() - w.start()).toList();
        String renamed = v.basalt()
                ? list.stream().mapToLong(Run::renamed).sum() + " of " + list.stream().mapToInt(r -> r.updates().size())
                .sum()
                : "n/a";
        return List.of(mib + " MiB", v.label(), orNa(quiet, "%.0f"), orNa(commit, "%.0f"),
                ratio == null ? "n/a" : ratio.format("%.0f %%"),
                Spread.of(list.stream().map(r -> r.result().maxLatencyMs()).toList()).format("%.0f"),
                orNa(updateSeconds, "%.2f"), renamed);
    }

    /** Commit-second over quiet-second throughput of each run, in percent; null when no run has both. */
    private static Spread ratios(List<Run> list) {
        List<Double> r = list.stream().map(run -> run.seconds().ratio() * 100).filter(d -> !d.isNaN()).toList();
        return r.isEmpty() ? null : Spread.of(r);
    }

    private static String orNa(List<Double> values, String pattern) {
        List<Double> v = values.stream().filter(d -> !d.isNaN()).toList();
        return v.isEmpty() ? "n/a" : Spread.of(v).format(pattern);
    }
}
