package io.basalt.benchmarks.sysbench;

import java.io.IOException;

/** One experiment of issue 5: which sysbench runs it makes and what its report section says. */
interface Scenario {
    /** Measured sysbench runs it will make (for the remaining-time estimate). */
    int runCount(HarnessSettings settings);

    void run(ScenarioContext ctx);

    /** Basalt configuration (YAML) this experiment needs beyond the defaults; empty for none. */
    default String basaltConfig() {
        return "";
    }

    /** Whether it warms each workload up before measuring it ({@link WorkloadWarmUp}), for the report's header. */
    default boolean warmsEachWorkload() {
        return false;
    }

    /** Free disk both servers need for this experiment (see {@link DiskSpace}). */
    default long diskBytesNeeded(HarnessSettings settings) {
        return DiskSpace.forTables(settings.sysbench());
    }

    /** Adds tables, targets and charts to {@code ctx.report()}. */
    void report(ScenarioContext ctx) throws IOException;
}
