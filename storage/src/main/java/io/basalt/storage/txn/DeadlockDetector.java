package io.basalt.storage.txn;

import io.basalt.storage.error.DeadlockException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The wait-for graph of transactions waiting for locks (one per store, as TiKV's detector leader keeps one). An
 * edge waiter -> holder is added before a wait; if the holder can already reach the waiter, the wait would close a
 * cycle and the waiter gets a {@link DeadlockException} instead. Edges are removed when the wait ends. Thread-safe.
 */
public final class DeadlockDetector {
    private final Map<Long, Set<Long>> waitsFor = new HashMap<>();

    public synchronized void beginWait(long waiter, long holder) {
        List<Long> path = pathFrom(holder, waiter);
        if (path != null) {
            List<Long> chain = new ArrayList<>();
            chain.add(waiter);
            chain.addAll(path);
            throw new DeadlockException(waiter, chain);
        }
        waitsFor.computeIfAbsent(waiter, k -> new HashSet<>()).add(holder);
    }

    public synchronized void endWait(long waiter) {
        waitsFor.remove(waiter);
    }

    /** A path from {@code from} to {@code to} along wait-for edges (both included), or null. */
    private List<Long> pathFrom(long from, long to) {
        if (from == to) {
            return List.of(from);
        }
        Set<Long> seen = new HashSet<>();
        List<Long> path = new ArrayList<>();
        return dfs(from, to, seen, path) ? path : null;
    }

    private boolean dfs(long node, long target, Set<Long> seen, List<Long> path) {
        path.add(node);
        if (node == target) {
            return true;
        }
        if (seen.add(node)) {
            for (long next : waitsFor.getOrDefault(node, Set.of())) {
                if (dfs(next, target, seen, path)) {
                    return true;
                }
            }
        }
        path.remove(path.size() - 1);
        return false;
    }
}
