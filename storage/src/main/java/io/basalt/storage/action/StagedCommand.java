package io.basalt.storage.action;

import io.basalt.storage.mvcc.CrossShardTxn;
import io.basalt.storage.shard.Latches;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A command whose action has run under its latches and whose batch is not written yet ({@link CommandScheduler#stage}).
 * Its holder writes the batch, synced as the action required ({@link #write}) or unsynced when it syncs the WAL itself
 * for a group of commands ({@link #writeUnsynced}, then {@code Shard.syncWal}), and then {@link #finish}es it: the
 * memory locks and latches are released and lock waiters woken. Finishing without a write abandons the command with
 * nothing written. Until then its keys stay latched, so no other command reads them, and its memory locks keep
 * readers from a batch that is written but not yet synced.
 *
 * <p>May be handed from the thread that staged it to the one that writes it (through a concurrent queue, which orders
 * the accesses); used by one thread at a time.
 */
public final class StagedCommand<T> {
    private final List<Latches.Guard> latches;
    private final List<ActionContext> contexts;
    private final CrossShardTxn txn;
    private final Consumer<List<byte[]>> onLocksReleased;
    private final T result;
    private boolean written;
    private boolean finished;

    StagedCommand(List<Latches.Guard> latches, List<ActionContext> contexts, CrossShardTxn txn,
                  Consumer<List<byte[]>> onLocksReleased, T result) {
        this.latches = latches;
        this.contexts = contexts;
        this.txn = txn;
        this.onLocksReleased = onLocksReleased;
        this.result = result;
    }

    /** What the action returned. */
    public T result() {
        return result;
    }

    /** Writes the batch, syncing the WAL if the action required it. */
    public void write() {
        txn.apply();
        written = true;
    }

    /** Writes the batch without a WAL sync; the caller syncs the WAL before {@link #finish}. */
    public void writeUnsynced() {
        txn.applyUnsynced();
        written = true;
    }

    /** Releases the memory locks, the batch and the latches, then wakes the waiters of every key unlocked; once. */
    public void finish() {
        if (finished) {
            return;
        }
        finished = true;
        List<byte[]> released = new ArrayList<>();
        try {
            contexts.forEach(c -> released.addAll(c.releaseMemoryGuards()));
            if (written) {
                released.addAll(txn.releasedLocks());
            }
        } finally {
            txn.close();
            for (int i = latches.size() - 1; i >= 0; i--) {
                latches.get(i).close();
            }
        }
        if (!released.isEmpty()) {
            onLocksReleased.accept(released);
        }
    }
}
