package io.basalt.benchmarks.sysbench;

import java.nio.file.Path;

/** What a scenario works with: both servers (already prepared), sysbench, progress, and where results go. */
record ScenarioContext(HarnessSettings settings, DbServer basalt, DbServer mariadb, SysbenchRunner sysbench,
                       Progress progress, Measurements measurements, Report report, Path outDir) {
}
