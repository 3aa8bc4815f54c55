package io.basalt.benchmarks.sysbench;

import java.util.OptionalDouble;

/**
 * The CPU time (user + system, all threads) a process has used so far, as the operating system counts it (on Linux
 * {@code /proc/<pid>/stat}, in 10-ms ticks). Empty where the platform does not report it or the process is gone.
 */
final class ProcessCpuTime {
    /** How the reports' "CPU per transaction" figures are made and read. */
    static final String REPORT_NOTE = "Server CPU per transaction: the user + system CPU time of the server's process"
            + " during the sysbench run (Linux counts it in 10-ms ticks) divided by the run's transactions. Both"
            + " servers share the machine's cores with sysbench, so where both keep the cores busy the tps ratio"
            + " follows the inverse of this ratio; where a server idles (waiting for the disk or for row locks), it"
            + " does not. In a run with --profile, Basalt's figure includes JFR's sampling.";

    private ProcessCpuTime() {
    }

    static OptionalDouble millis(long pid) {
        return ProcessHandle.of(pid)
                .flatMap(p -> p.info().totalCpuDuration())
                .map(d -> OptionalDouble.of(d.toNanos() / 1e6))
                .orElse(OptionalDouble.empty());
    }
}
