package io.basalt.benchmarks.sysbench;

import java.util.List;

/**
 * An unmeasured run of one workload on each server before its first measurement ({@code --workload-warm-up}). The
 * oltp_read_write warm-up does not take every workload's paths (autocommit statements, INSERT, DELETE): without this,
 * Basalt's first measured run of a workload is still being compiled by the JIT and climbs through it
 * (oltp_point_select measured 18k → 32k tps over its first 6 s; oltp_update_non_index spent 16–22 % of the server's
 * CPU in the JIT compiler over its first 30 s, 1–4 % over the next 30 s).
 */
final class WorkloadWarmUp {
    private WorkloadWarmUp() {
    }

    static void run(ScenarioContext ctx, String workload, int threads) {
        int seconds = ctx.settings().workloadWarmUpSeconds();
        if (seconds <= 0) {
            return;
        }
        for (DbServer server : List.of(ctx.basalt(), ctx.mariadb())) {
            ctx.progress().step("warm-up of " + workload + " on " + server.name() + " (" + seconds
                    + " s, unmeasured)");
            ctx.sysbench().warmUp(server, workload, seconds, threads);
        }
    }
}
