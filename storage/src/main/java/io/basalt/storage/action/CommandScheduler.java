package io.basalt.storage.action;

import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.CrossShardTxn;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.MvccTxn;
import io.basalt.storage.shard.Latches;
import io.basalt.storage.shard.Shard;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs one action on one shard the way TiKV's scheduler does: latch the keys, raise max_ts for commands that read,
 * take a snapshot, let the action fill one WriteBatch, write it, release the memory locks, release the latches,
 * then tell lock waiters which keys were unlocked (persisted locks removed, memory locks dropped). Runs on the caller's thread.
 * An action may also span several shards ({@link #runAcross}): their latches are taken in ascending shard order (a
 * one-shard command never waits for a second shard's latches, so no cycle can form) and one batch is written.
 */
public final class CommandScheduler {
    private final ConcurrencyManager cm;
    private final Consumer<List<byte[]>> onLocksReleased;
    private final FaultInjector faults;

    public CommandScheduler(ConcurrencyManager cm, Consumer<List<byte[]>> onLocksReleased,
                            FaultInjector faults) {
        this.cm = cm;
        this.onLocksReleased = onLocksReleased;
        this.faults = faults;
    }

    /**
     * @param keys   the keys the action touches (latched)
     * @param readTs if non-zero, max_ts is raised to it before the snapshot is taken
     */
    public <T> T run(Shard shard, List<byte[]> keys, long readTs, long startTs, Function<ActionContext, T> action) {
        List<byte[]> released = new ArrayList<>();
        T result;
        try (Latches.Guard ignored = shard.latches().acquire(keys)) {
            if (readTs != 0) {
                cm.updateMaxTs(readTs);
            }
            try (MvccReader reader = MvccReader.forLatchedKeys(shard.snapshot()); MvccTxn txn = new MvccTxn(shard)) {
                ActionContext ctx = new ActionContext(reader, txn, cm, faults, startTs);
                try {
                    result = action.apply(ctx);
                    faults.hit(FaultPoints.BEFORE_WRITE_BATCH, startTs);
                    txn.apply();
                } finally {
                    released.addAll(ctx.releaseMemoryGuards());
                }
                released.addAll(txn.releasedLocks());
            }
        }
        if (!released.isEmpty()) {
            onLocksReleased.accept(released);
        }
        return result;
    }

    /**
     * Runs an action over several shards with one WriteBatch ({@link CrossShardTxn}).
     *
     * @param shards ascending by id, each with the keys the action touches on it
     * @param action gets one context per shard, in the same order
     */
    public <T> T runAcross(List<ShardKeys> shards, long startTs, Function<List<ActionContext>, T> action) {
        List<byte[]> released = new ArrayList<>();
        List<Latches.Guard> latches = new ArrayList<>(shards.size());
        List<MvccReader> readers = new ArrayList<>(shards.size());
        T result;
        try (CrossShardTxn txn = new CrossShardTxn()) {
            for (ShardKeys s : shards) {
                latches.add(s.shard().latches().acquire(s.keys()));
            }
            List<ActionContext> contexts = new ArrayList<>(shards.size());
            for (ShardKeys s : shards) {
                MvccReader reader = MvccReader.forLatchedKeys(s.shard().snapshot());
                readers.add(reader);
                contexts.add(new ActionContext(reader, txn.part(s.shard()), cm, faults, startTs));
            }
            try {
                result = action.apply(contexts);
                faults.hit(FaultPoints.BEFORE_WRITE_BATCH, startTs);
                txn.apply();
            } finally {
                contexts.forEach(c -> released.addAll(c.releaseMemoryGuards()));
            }
            released.addAll(txn.releasedLocks());
        } finally {
            readers.forEach(MvccReader::close);
            for (int i = latches.size() - 1; i >= 0; i--) {
                latches.get(i).close();
            }
        }
        if (!released.isEmpty()) {
            onLocksReleased.accept(released);
        }
        return result;
    }

    /** A shard and the keys an action latches on it. */
    public record ShardKeys(Shard shard, List<byte[]> keys) {
    }
}
