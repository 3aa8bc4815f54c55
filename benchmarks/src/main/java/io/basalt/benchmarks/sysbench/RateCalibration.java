package io.basalt.benchmarks.sysbench;

import java.util.List;

/**
 * The rate of the fixed-rate scenarios: {@code --rate} if given, else half of Basalt's unthrottled throughput on the
 * scenario's workload, measured after that workload's warm-up. Measured right after the oltp_read_write warm-up
 * instead, the peak was the JIT's: 944 and 877 tps where separate warm runs did 1660–1880, so the scenarios ran at a
 * quarter of the peak rather than the half issue 5 asks for.
 */
final class RateCalibration {
    private RateCalibration() {
    }

    /** Warms the workload up on both servers, then returns the rate to run it at. */
    static int rate(ScenarioContext ctx, String workload, int threads) {
        WorkloadWarmUp.run(ctx, workload, threads);
        if (ctx.settings().rate() > 0) {
            return ctx.settings().rate();
        }
        ctx.progress().run("basalt " + workload + " threads=" + threads + " unthrottled, to calibrate --rate");
        SysbenchResult peak = ctx.sysbench().run(ctx.basalt(), workload, threads, List.of(), workload + "-peak");
        int rate = Math.max(1, (int) (peak.tps() / 2));
        ctx.progress().step("rate fixed at " + rate + " tps (half of Basalt's " + Fmt.num(peak.tps(), "%.0f")
                + " tps)");
        return rate;
    }
}
