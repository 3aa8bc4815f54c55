package io.basalt.benchmarks.sysbench;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Issue 5's side-by-side harness: starts Basalt and a reference MariaDB 10.11, runs a scenario's sysbench workloads
 * against both back to back, writes {@code results/<date>-<scenario>/} (report.md, PNG charts, raw outputs) and stops
 * both servers. {@code benchmarks/run-sysbench.sh} builds and calls it.
 */
@Command(name = "run-sysbench.sh", mixinStandardHelpOptions = true,
        description = "Basalt vs MariaDB 10.11 through sysbench; writes benchmarks/results/<date>-<scenario>/")
public final class SysbenchHarness implements Callable<Integer> {
    @Option(names = "--scenario", defaultValue = "suite",
            description = "suite, async-commit, one-pc, causal, group-commit or large-txn (default ${DEFAULT-VALUE})")
    String scenario;

    @Option(names = "--quick", description = "short runs: finishes in under 5 minutes")
    boolean quick;

    @Option(names = "--duration", description = "seconds per sysbench run")
    Integer duration;

    @Option(names = "--threads", split = ",", description = "thread counts, e.g. 1,8,32")
    List<Integer> threads;

    @Option(names = "--table-size", description = "rows per table")
    Integer tableSize;

    @Option(names = "--tables", description = "number of tables")
    Integer tables;

    @Option(names = "--workloads", split = ",", description = "sysbench workloads (suite only)")
    List<String> workloads;

    @Option(names = "--warm-up", description = "seconds of unmeasured oltp_read_write per server before measuring")
    Integer warmUpSeconds;

    @Option(names = "--workload-warm-up", description = "suite, async-commit, one-pc, causal: seconds of unmeasured run"
            + " of each workload per server before its first measurement (default 10; --quick 5)")
    Integer workloadWarmUpSeconds;

    @Option(names = "--repeat", description = "repeats of every run, for the spread")
    Integer repeat;

    @Option(names = "--rate", defaultValue = "0",
            description = "fixed tps for async-commit/one-pc (default: half of Basalt's unthrottled tps)")
    int rate;

    @Option(names = "--event-mib", split = ",",
            description = "large-txn: binlog event sizes of the background UPDATE in MiB (default 64,128,256,512;"
                    + " --quick 64,256)")
    List<Integer> eventMib;

    @Option(names = "--profile", description = "profile each of Basalt's runs (perf, whole machine, where it can"
            + " record; JFR, Basalt's Java code): one report table, a page per run in profiles/")
    boolean profile;

    @Option(names = "--jar", required = true, description = "basalt-server.jar")
    Path jar;

    @Option(names = "--results", required = true, description = "directory that receives <date>-<scenario>/")
    Path results;

    @Option(names = "--command-line", defaultValue = "", description = "the invoking command, for the report")
    String commandLine;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SysbenchHarness()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        HarnessSettings settings = resolve();
        Scenario scenarioImpl = scenarioFor(settings.scenario());
        if (scenarioImpl == null) {
            System.err.println("unknown scenario " + scenario
                    + "; use suite, async-commit, one-pc, causal, group-commit or large-txn");
            return 2;
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Optional<String> noRoom = DiskSpace.shortfall(settings.scenario(), tmp, DiskSpace.usable(tmp),
                scenarioImpl.diskBytesNeeded(settings));
        if (noRoom.isPresent()) {
            System.err.println(noRoom.get());
            return 2;
        }
        Path outDir = outDir(settings.scenario());
        Progress progress = new Progress(System.out, scenarioImpl.runCount(settings),
                settings.sysbench().durationSeconds() + 2);
        Report report = new Report("sysbench: Basalt vs MariaDB 10.11, scenario " + settings.scenario()
                + (settings.quick() ? " (--quick)" : ""));
        String loadBefore = shell("uptime");
        progress.step("results in " + outDir);
        Path logs = outDir.resolve("logs");
        progress.step("starting Basalt (" + jar + ") and MariaDB");
        try (BasaltServerUnderTest basalt = BasaltServerUnderTest.start(jar, logs, scenarioImpl.basaltConfig(),
                profile ? RunProfiler.serverJvmOptions() : List.of());
             DbServer mariadb = MariaDbServerUnderTest.start(logs)) {
            RunProfiler profiler = profile ? RunProfiler.of(basalt, outDir, settings.sysbench().durationSeconds())
                    : RunProfiler.off();
            SysbenchRunner sysbench = new SysbenchRunner(settings.sysbench(), outDir.resolve("raw"), profiler);
            for (DbServer server : List.of(basalt, mariadb)) {
                progress.step("sysbench prepare on " + server.name() + " (" + settings.sysbench().tables() + " × "
                        + settings.sysbench().tableSize() + " rows)");
                sysbench.prepare(server);
                progress.step("warm-up on " + server.name() + " (oltp_read_write, " + settings.warmUpSeconds()
                        + " s, unmeasured)");
                sysbench.warmUp(server, "oltp_read_write", settings.warmUpSeconds(), 8);
            }
            header(report, settings, basalt, mariadb, loadBefore, scenarioImpl);
            ScenarioContext ctx = new ScenarioContext(settings, basalt, mariadb, sysbench, progress,
                    new Measurements(), report, outDir);
            scenarioImpl.run(ctx);
            report.header("load during the run (`uptime` after): " + shell("uptime").replaceAll(".*load", "load"));
            progress.step("writing the report");
            scenarioImpl.report(ctx);
            profiler.report(report);
            Path file = ReportWriter.write(report, outDir);
            for (DbServer server : List.of(basalt, mariadb)) {
                progress.step("sysbench cleanup on " + server.name());
                sysbench.cleanup(server);
            }
            progress.step("stopping the servers");
            System.out.println();
            System.out.print(ReportWriter.render(report));
            progress.step("report: " + file);
        }
        return 0;
    }

    private HarnessSettings resolve() {
        boolean suite = scenario.equals("suite");
        boolean group = scenario.equals("group-commit");
        boolean large = scenario.equals("large-txn");
        List<Integer> defaultThreads = group
                ? (quick ? List.of(16, 32, 128) : List.of(16, 32, 64, 128, 256, 512))
                : suite ? (quick ? List.of(32) : List.of(1, 8, 32)) : List.of(16);
        int defaultDuration = quick ? (suite || group ? 5 : large ? 20 : 10) : 60;
        SysbenchOptions sb = new SysbenchOptions(tables != null ? tables : quick ? 2 : 4,
                tableSize != null ? tableSize : quick ? 2000 : 50_000, duration != null ? duration : defaultDuration);
        int warmUp = warmUpSeconds != null ? warmUpSeconds : quick ? 8 : 30;
        int workloadWarmUp = workloadWarmUpSeconds != null ? workloadWarmUpSeconds : quick ? 5 : 10;
        return new HarnessSettings(scenario, quick, sb, warmUp, workloadWarmUp,
                threads != null ? threads : defaultThreads,
                workloads != null ? workloads : SuiteScenario.WORKLOADS, repeat != null ? repeat : quick ? 2 : 3,
                rate, eventMib != null ? eventMib : quick ? List.of(64, 256) : List.of(64, 128, 256, 512));
    }

    /** The scenario of that name, or null when there is none. */
    private static Scenario scenarioFor(String name) {
        return switch (name) {
            case "suite" -> new SuiteScenario();
            case "async-commit" -> CommitSwitchScenario.asyncCommit();
            case "one-pc" -> CommitSwitchScenario.onePc();
            case "causal" -> new CausalScenario();
            case "group-commit" -> new GroupCommitScenario();
            case "large-txn" -> new LargeTransactionScenario();
            default -> null;
        };
    }

    private Path outDir(String name) throws IOException {
        Path dir = results.resolve(LocalDate.now(ZoneOffset.UTC) + "-" + name);
        if (Files.exists(dir)) {
            dir = results.resolve(LocalDate.now(ZoneOffset.UTC) + "-" + name + "-"
                    + DateTimeFormatter.ofPattern("HHmmss").format(ZonedDateTime.now(ZoneOffset.UTC)));
        }
        return Files.createDirectories(dir);
    }

    private void header(Report report, HarnessSettings s, DbServer basalt, DbServer mariadb, String loadBefore,
                        Scenario scenarioImpl) {
        String basaltConfig = scenarioImpl.basaltConfig();
        report.header("date: " + ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                .substring(0, 16) + " UTC");
        report.header("machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, both servers and sysbench"
                + " on the same cores; the load before the run shows whether anything else was running. Absolute"
                + " numbers are noisy on a shared machine; the ratios pair runs made back to back");
        report.header("load before the run (`uptime`): " + loadBefore.replaceAll(".*load", "load"));
        report.header("Basalt " + version(basalt) + " (JVM `" + String.join(" ",
                BasaltServerUnderTest.RECOMMENDED_JVM_OPTIONS) + "`, fresh data directory, " + (basaltConfig.isEmpty()
                ? "default configuration" : "defaults but `" + basaltConfig.trim().replace("\n", " ") + "`")
                + "), MariaDB "
                + version(mariadb) + " (log_bin, binlog_format=ROW, sync_binlog=1, innodb_flush_log_at_trx_commit=1)");
        report.header(shell("sysbench --version") + ", " + s.sysbench().tables() + " tables × "
                + s.sysbench().tableSize() + " rows, " + s.sysbench().durationSeconds() + " s per run, " + s.repeat()
                + " repeats, --percentile=99 --histogram=off; threads " + s.threads() + "; " + s.warmUpSeconds()
                + " s unmeasured warm-up per server" + (scenarioImpl.warmsEachWorkload()
                ? ", then each workload " + s.workloadWarmUpSeconds()
                + " s unmeasured per server before its first measurement" : ""));
        report.header("JDK " + System.getProperty("java.version") + (profile
                ? "; Basalt's runs profiled with perf and JFR (`--profile`: a few per cent of its CPU)" : ""));
        if (!commandLine.isBlank()) {
            report.header("command: `" + commandLine + "`");
        }
        report.header("raw sysbench outputs in `raw/`, server logs in `logs/`");
    }

    private static String version(DbServer server) {
        return SqlCli.execute(server, "SELECT VERSION()").trim();
    }

    private static String shell(String command) {
        return ExternalCommand.run(Arrays.asList(command.split(" ")), 60).output().trim();
    }
}
