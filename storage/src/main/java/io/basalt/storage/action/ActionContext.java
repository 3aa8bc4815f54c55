package io.basalt.storage.action;

import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.MvccTxn;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one action sees: a snapshot reader taken after the command's latches were acquired, the write batch
 * it fills, and the concurrency manager. Memory-lock guards registered here are
 * released only after the batch is applied.
 */
public final class ActionContext {
    public final MvccReader reader;
    public final MvccTxn txn;
    public final ConcurrencyManager cm;
    public final FaultInjector faults;
    /** The transaction on whose behalf the command runs (for fault points). */
    public final long startTs;
    final List<ConcurrencyManager.KeyGuard> memoryGuards = new ArrayList<>();

    public ActionContext(MvccReader reader, MvccTxn txn, ConcurrencyManager cm, FaultInjector faults,
                         long startTs) {
        this.reader = reader;
        this.txn = txn;
        this.cm = cm;
        this.faults = faults;
        this.startTs = startTs;
    }

    /** Releases the memory locks this action published; returns their keys (readers may be waiting on them). */
    List<byte[]> releaseMemoryGuards() {
        List<byte[]> keys = new ArrayList<>(memoryGuards.size());
        for (ConcurrencyManager.KeyGuard g : memoryGuards) {
            g.close();
            keys.add(g.key());
        }
        memoryGuards.clear();
        return keys;
    }
}
