package io.basalt.benchmarks.storage;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The same transactions as {@link CommitPathBenchmark}, from 16 concurrent committers on one store: throughput
 * (commits per time unit, summed over the threads) and the average latency of one commit under that load. Concurrent
 * WAL writers group-sync in RocksDB, so this shows whether a path's latency advantage survives contention for the
 * fsync and what each path costs in throughput. Each thread writes its own fresh keys (no conflicts); the path taken
 * is verified, see {@link CommitStates}.
 *
 * <p>Scores are in milliseconds (ops/ms, ms/op) so the console stays readable; the report converts them to ops/s
 * and µs.
 */
@BenchmarkMode({Mode.Throughput, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Dlogback.configurationFile=basalt-bench-logback.xml")
@Threads(16)
public class ConcurrentCommitBenchmark {

    @Benchmark
    public long oneShard(CommitStates.OneShard store, CommitStates.Keys keys) {
        return store.commit(keys);
    }

    @Benchmark
    public long twoShards(CommitStates.TwoShards store, CommitStates.Keys keys) {
        return store.commit(keys);
    }
}
