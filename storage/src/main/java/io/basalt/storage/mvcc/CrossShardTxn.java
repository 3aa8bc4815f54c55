package io.basalt.storage.mvcc;

import io.basalt.storage.shard.Shard;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.WriteBatch;

/**
 * The modifications of one action on one or several shards, written as one WriteBatch: the shards are column families
 * of one RocksDB with one WAL ({@link io.basalt.storage.shard.ShardEngine}), so the batch is atomic across them. Each
 * shard's part is an {@link MvccTxn} that fills the shared batch and keeps that shard's in-memory lock bookkeeping.
 * Owned by one thread at a time, whose command holds the latches of every key the parts lock or unlock; closing frees
 * the batch.
 */
public final class CrossShardTxn implements AutoCloseable {
    private final WriteBatch batch = new WriteBatch();
    private final List<MvccTxn> parts = new ArrayList<>();

    /** The part of this batch that writes to {@code shard}; call once per shard. */
    public MvccTxn part(Shard shard) {
        MvccTxn t = new MvccTxn(shard, batch, false);
        parts.add(t);
        return t;
    }

    /** Writes the batch once, synced if any part requires it, between the parts' bookkeeping before and after. */
    public void apply() {
        apply(true);
    }

    /** {@link #apply()} without a WAL sync; as {@link MvccTxn#applyUnsynced()}, the caller syncs it. */
    public void applyUnsynced() {
        apply(false);
    }

    private void apply(boolean syncIfRequired) {
        boolean write = false;
        boolean sync = false;
        for (MvccTxn t : parts) {
            t.beforeWrite();
            write |= t.writesBatch();
            sync |= t.syncRequired();
        }
        if (write) {
            parts.get(0).shard().write(batch, sync && syncIfRequired);
        }
        parts.forEach(MvccTxn::afterWrite);
    }

    /** Keys whose lock any part removed. */
    public List<byte[]> releasedLocks() {
        List<byte[]> keys = new ArrayList<>();
        parts.forEach(t -> keys.addAll(t.releasedLocks()));
        return keys;
    }

    @Override
    public void close() {
        batch.close();
    }
}
