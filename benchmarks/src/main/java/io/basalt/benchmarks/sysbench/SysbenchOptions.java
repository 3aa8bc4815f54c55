package io.basalt.benchmarks.sysbench;

/** The sysbench settings shared by every run of a harness invocation. */
public record SysbenchOptions(int tables, int tableSize, int durationSeconds) {
}
