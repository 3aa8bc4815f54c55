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
 * Latency of one commit on each commit path, one committer at a time (no group commit to hide behind): begin an
 * optimistic transaction, blind-write fresh keys, commit. The measured time is the whole {@code commit()} call plus
 * begin and the buffered puts, which cost microseconds next to the synced WAL writes.
 *
 * <ul>
 *   <li>{@code oneShard}, path {@code 1pc} / {@code 2pc}: one row key. 1PC is one synced write; 2PC is a synced
 *       prewrite, then a synced primary commit.</li>
 *   <li>{@code twoShards}, path {@code async} / {@code 2pc}: a row key and its index key on the next shard. Async
 *       commit returns after the two (parallel) synced prewrites; 2PC additionally waits for the synced primary
 *       commit.</li>
 * </ul>
 *
 * AverageTime gives the mean with its error; SampleTime gives the distribution (p50, p99, ...). The path actually
 * taken is verified, see {@link CommitStates}.
 */
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Dlogback.configurationFile=basalt-bench-logback.xml")
@Threads(1)
public class CommitPathBenchmark {

    @Benchmark
    public long oneShard(CommitStates.OneShard store, CommitStates.Keys keys) {
        return store.commit(keys);
    }

    @Benchmark
    public long twoShards(CommitStates.TwoShards store, CommitStates.Keys keys) {
        return store.commit(keys);
    }
}
