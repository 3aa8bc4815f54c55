package io.basalt.storage.action;

import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.CrossShardTxn;
import io.basalt.storage.mvcc.MvccReader;
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
 * {@link #stage} and {@link #stageAcross} stop before the write and hand the command over ({@link StagedCommand}).
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
        return written(stage(shard, keys, readTs, startTs, action));
    }

    /**
     * Runs an action over several shards with one WriteBatch ({@link CrossShardTxn}).
     *
     * @param shards ascending by id, each with the keys the action touches on it
     * @param action gets one context per shard, in the same order
     */
    public <T> T runAcross(List<ShardKeys> shards, long startTs, Function<List<ActionContext>, T> action) {
        return written(stageAcross(shards, 0, startTs, action));
    }

    /** {@link #run} up to the write: the caller writes and finishes the returned command. */
    public <T> StagedCommand<T> stage(Shard shard, List<byte[]> keys, long readTs, long startTs,
                                      Function<ActionContext, T> action) {
        return stageAcross(List.of(new ShardKeys(shard, keys)), readTs, startTs, contexts -> action.apply(
                contexts.get(0)));
    }

    /** {@link #runAcross} up to the write: the caller writes and finishes the returned command. */
    public <T> StagedCommand<T> stageAcross(List<ShardKeys> shards, long readTs, long startTs,
                                            Function<List<ActionContext>, T> action) {
        List<Latches.Guard> latches = new ArrayList<>(shards.size());
        List<ActionContext> contexts = new ArrayList<>(shards.size());
        List<MvccReader> readers = new ArrayList<>(shards.size());
        CrossShardTxn txn = new CrossShardTxn();
        StagedCommand<T> staged = null;
        try {
            for (ShardKeys s : shards) {
                latches.add(s.shard().latches().acquire(s.keys()));
            }
            if (readTs != 0) {
                cm.updateMaxTs(readTs);
            }
            for (ShardKeys s : shards) {
                MvccReader reader = MvccReader.forLatchedKeys(s.shard().snapshot());
                readers.add(reader);
                contexts.add(new ActionContext(reader, txn.part(s.shard()), cm, faults, startTs));
            }
            T result = action.apply(contexts);
            faults.hit(FaultPoints.BEFORE_WRITE_BATCH, startTs);
            staged = new StagedCommand<>(latches, contexts, txn, onLocksReleased, result);
            return staged;
        } finally {
            readers.forEach(MvccReader::close);
            if (staged == null) {
                new StagedCommand<T>(latches, contexts, txn, onLocksReleased, null).finish();
            }
        }
    }

    private static <T> T written(StagedCommand<T> command) {
        try {
            command.write();
        } finally {
            command.finish();
        }
        return command.result();
    }

    /** A shard and the keys an action latches on it. */
    public record ShardKeys(Shard shard, List<byte[]> keys) {
    }
}
