package io.basalt.benchmarks.sysbench;

import java.util.List;

/**
 * Resolved settings of one harness run (options given, else the scenario's defaults, else --quick's).
 *
 * @param rate fixed transaction rate for the async-commit and one-pc scenarios; 0 calibrates it to half of Basalt's
 *             unthrottled throughput
 * @param largeEventMib binlog event sizes of the large-transaction scenario's background UPDATE, in MiB
 * @param workloadWarmUpSeconds suite, async-commit, one-pc, causal: unmeasured seconds of each workload per server
 *                              before its first measurement (and before the --rate calibration)
 */
public record HarnessSettings(String scenario, boolean quick, SysbenchOptions sysbench, int warmUpSeconds,
                              int workloadWarmUpSeconds, List<Integer> threads,
                              List<String> workloads, int repeat, int rate,
                              List<Integer> largeEventMib) {
}
