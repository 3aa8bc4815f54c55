package io.basalt.benchmarks.groupcommit;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The binlog commit path measured at the storage level (issue 4's group-commit and rename-commit checks, issue 5's
 * large-transaction experiment without the SQL layer): binlog fsyncs per commit as committers grow, and what a large
 * transaction's commit does to small ones with the rename path on and off. Progress on stdout; the report goes to
 * {@code --out}.
 */
@Command(name = "binlog-commit-benchmark", mixinStandardHelpOptions = true,
        description = "Group commit and rename commit of the Basalt binlog, at the storage level.")
public final class BinlogCommitBenchmark implements Callable<Integer> {
    @Option(names = "--committers", split = ",", defaultValue = "1,16,64,128,256",
            description = "committer counts of the group-commit part (default: ${DEFAULT-VALUE})")
    List<Integer> committers;

    @Option(names = "--seconds", defaultValue = "5", description = "seconds per group-commit point")
    int seconds;

    @Option(names = "--sizes-mib", split = ",", defaultValue = "64,128,256,512",
            description = "large transaction sizes in MiB (default: ${DEFAULT-VALUE})")
    List<Integer> sizes;

    @Option(names = "--small-committers", defaultValue = "16", description = "small committers beside a large one")
    int smallCommitters;

    @Option(names = "--dir", defaultValue = "${sys:java.io.tmpdir}", description = "where stores are created")
    Path dir;

    @Option(names = "--out", defaultValue = "benchmarks/results/binlog-commit.md", description = "report file")
    Path out;

    @Option(names = "--note", defaultValue = "", description = "a remark for the report header")
    String note;

    public static void main(String[] args) {
        System.exit(new CommandLine(new BinlogCommitBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        long start = System.nanoTime();
        int steps = committers.size() + sizes.size() * 2;
        int step = 0;
        long planned = plannedSeconds();
        List<GroupCommitRun.Result> groups = new ArrayList<>();
        for (int n : committers) {
            progress(++step, steps, start, planned, "group commit, " + n + " committers");
            GroupCommitRun.Result r = GroupCommitRun.measure(dir, n, seconds);
            System.out.printf(Locale.ROOT, "   %.0f commits/s, %.3f fsyncs per commit, p99 %.0f µs%n",
                    r.commitsPerSecond(), r.fsyncsPerCommit(), r.p99Micros());
            groups.add(r);
        }
        List<LargeTransactionRun.Result> large = new ArrayList<>();
        for (boolean rename : new boolean[] {true, false}) {
            for (int mib : sizes) {
                progress(++step, steps, start, planned,
                        mib + " MiB transaction, " + (rename ? "rename" : "copy") + " path");
                LargeTransactionRun.Result r = LargeTransactionRun.measure(dir, mib, rename, smallCommitters);
                System.out.printf(Locale.ROOT, "   seal %.0f ms, commit %.0f ms (sink delivery max %.0f ms, renamed:"
                        + " %s), small tps %.0f → %.0f during seal, %.0f during commit (%.0f%%)%n", r.sealMillis(),
                        r.largeCommitMillis(), r.deliverMaxMillis(), r.renamed(), r.baselineTps(),
                        r.seal().tps(), r.commit().tps(), r.throughputRatio() * 100);
                large.add(r);
            }
        }
        String command = "benchmarks/run-binlog-benchmark.sh --committers " + join(committers) + " --seconds "
                + seconds + " --sizes-mib " + join(sizes) + " --small-committers " + smallCommitters;
        BinlogCommitReport.write(out, command, note, dir, groups, large, smallCommitters);
        System.out.println("report: " + out.toAbsolutePath());
        return 0;
    }

    /** The measured seconds of the whole run (setup and building the large caches come on top). */
    private long plannedSeconds() {
        return committers.size() * (1L + seconds) + 2L * sizes.size() * LargeTransactionRun.plannedSeconds();
    }

    private static void progress(int step, int steps, long start, long planned, String what) {
        long elapsed = (System.nanoTime() - start) / 1_000_000_000L;
        System.out.printf(Locale.ROOT, "[%d/%d, %d s elapsed, ~%d s remaining] %s%n", step, steps, elapsed,
                Math.max(0, planned - elapsed), what);
    }

    private static String join(List<Integer> values) {
        return String.join(",", values.stream().map(String::valueOf).toList());
    }
}
