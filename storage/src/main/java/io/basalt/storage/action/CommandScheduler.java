package io.basalt.storage.action;

import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
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
}
