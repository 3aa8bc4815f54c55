package io.basalt.benchmarks.sysbench;

import java.util.List;

/**
 * The figures of one sysbench run: its summary block, plus the per-second throughput when it ran with
 * {@code --report-interval=1}, and the CPU time the server process used meanwhile (NaN where not measured).
 */
public record SysbenchResult(long transactions, double tps, double qps, double avgLatencyMs, double p99LatencyMs,
                             double maxLatencyMs, double errorsPerSec, List<Double> perSecondTps,
                             double serverCpuMs) {
    public SysbenchResult {
        perSecondTps = List.copyOf(perSecondTps);
    }

    SysbenchResult withServerCpuMs(double cpuMs) {
        return new SysbenchResult(transactions, tps, qps, avgLatencyMs, p99LatencyMs, maxLatencyMs, errorsPerSec,
                perSecondTps, cpuMs);
    }

    /**
     * Server CPU (user + system) per transaction: where two servers share the machine's cores with sysbench and both
     * keep them busy, their throughput ratio follows the inverse of this figure's ratio.
     */
    public double serverCpuMsPerTransaction() {
        return transactions == 0 ? Double.NaN : serverCpuMs / transactions;
    }
}
