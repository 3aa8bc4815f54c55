package io.basalt.benchmarks.sysbench;

import java.util.List;

/**
 * The figures of one sysbench run: its summary block, plus the per-second throughput when it ran with
 * {@code --report-interval=1}.
 */
public record SysbenchResult(double tps, double qps, double avgLatencyMs, double p99LatencyMs, double maxLatencyMs,
                             double errorsPerSec, List<Double> perSecondTps) {
    public SysbenchResult {
        perSecondTps = List.copyOf(perSecondTps);
    }
}
