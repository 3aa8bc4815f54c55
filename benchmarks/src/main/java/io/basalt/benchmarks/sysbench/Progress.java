package io.basalt.benchmarks.sysbench;

import java.io.PrintStream;
import java.time.Duration;

/** One terminal line per step: where the harness is, how long it has run and roughly how long it still needs. */
final class Progress {
    private final PrintStream out;
    private final long startNanos = System.nanoTime();
    private final int totalRuns;
    private final int secondsPerRun;
    private int runsDone;

    Progress(PrintStream out, int totalRuns, int secondsPerRun) {
        this.out = out;
        this.totalRuns = totalRuns;
        this.secondsPerRun = secondsPerRun;
    }

    void step(String message) {
        out.printf("[%s] %s%n", clock(), message);
        out.flush();
    }

    void run(String message) {
        runsDone++;
        long remaining = (long) (totalRuns - runsDone + 1) * secondsPerRun;
        out.printf("[%s, ~%s left] run %d/%d: %s%n", clock(), format(Duration.ofSeconds(remaining)), runsDone,
                totalRuns, message);
        out.flush();
    }

    private String clock() {
        return format(Duration.ofNanos(System.nanoTime() - startNanos)) + " elapsed";
    }

    private static String format(Duration d) {
        return String.format("%d:%02d", d.toMinutes(), d.toSecondsPart());
    }
}
