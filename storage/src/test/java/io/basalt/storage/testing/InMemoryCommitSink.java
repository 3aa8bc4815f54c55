package io.basalt.storage.testing;

import io.basalt.storage.pipeline.CommitSink;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.SinkPosition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A sink that keeps delivered transactions in memory and fails loudly if the engine ever breaks the contract:
 * groups out of (commitTs, startTs) order, a transaction delivered twice, or concurrent deliveries. Survives a
 * store reopen in the same JVM (tests pass the same instance again), standing in for a durable binlog.
 */
public final class InMemoryCommitSink implements CommitSink {
    private final List<DecidedTxn> delivered = new ArrayList<>();
    private final Map<Long, DecidedTxn> byStartTs = new HashMap<>();
    private final List<Integer> groupSizes = new ArrayList<>();
    private boolean delivering;

    @Override
    public synchronized void deliver(List<DecidedTxn> group) {
        if (delivering) {
            throw new AssertionError("concurrent deliveries");
        }
        delivering = true;
        try {
            for (DecidedTxn t : group) {
                if (!delivered.isEmpty() && t.compareTo(delivered.get(delivered.size() - 1)) <= 0) {
                    throw new AssertionError("out of order: " + t + " after " + delivered.get(delivered.size() - 1));
                }
                if (byStartTs.putIfAbsent(t.startTs(), t) != null) {
                    throw new AssertionError("delivered twice: " + t);
                }
                delivered.add(t);
            }
            groupSizes.add(group.size());
        } finally {
            delivering = false;
        }
    }

    @Override
    public synchronized SinkPosition durablePosition() {
        return delivered.isEmpty() ? SinkPosition.ZERO : delivered.get(delivered.size() - 1).position();
    }

    @Override
    public synchronized OptionalLong recordedCommitTs(long startTs) {
        DecidedTxn t = byStartTs.get(startTs);
        return t == null ? OptionalLong.empty() : OptionalLong.of(t.commitTs());
    }

    public synchronized List<DecidedTxn> delivered() {
        return List.copyOf(delivered);
    }

    public synchronized DecidedTxn byStartTs(long startTs) {
        return byStartTs.get(startTs);
    }

    public synchronized List<Integer> groupSizes() {
        return List.copyOf(groupSizes);
    }
}
