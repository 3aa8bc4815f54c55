package io.basalt.storage.mvcc;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.error.DiskErrorException;
import io.basalt.storage.shard.LockedKeys;
import io.basalt.storage.shard.PessimisticLockTable;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.shard.WrittenKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * The modifications of one action on one shard, applied as a single WriteBatch (its own, or one shared with the
 * other shards of a {@link CrossShardTxn}). Also remembers which keys lost
 * their lock, so lock waiters can be woken once the batch is applied, keeps the shard's {@link LockedKeys} around
 * the write, and applies the changes to the shard's {@link PessimisticLockTable} after it: a pessimistic lock goes
 * to memory when the key holds no persisted lock and the table has room, otherwise to the lock column family. Keys
 * that got a write record are reported to the shard's {@link WrittenKeys} after the write, for GC. Owned by one
 * thread, which holds the latches of every key it locks or unlocks; closing frees the batch.
 */
public final class MvccTxn implements AutoCloseable {
    private final Shard shard;
    private final WriteBatch batch;
    private final boolean ownsBatch;
    private final List<byte[]> releasedLocks = new ArrayList<>();
    /** Key -> whether the batch leaves it locked (the last lock put or delete on it wins); null until one. */
    private Map<byte[], Boolean> lockStates;
    /** Key -> its new in-memory pessimistic lock, or null to drop the key's entry; null until one. */
    private Map<byte[], byte[]> memoryLocks;
    /** Keys given a write record, and its ts at the same index; null until one. */
    private List<byte[]> writtenKeys;
    private long[] writtenTs;
    private int modifications;
    private boolean sync;

    public MvccTxn(Shard shard) {
        this(shard, new WriteBatch(), true);
    }

    /** A part of a {@link CrossShardTxn}: fills the shared batch, which the caller writes and closes. */
    MvccTxn(Shard shard, WriteBatch batch, boolean ownsBatch) {
        this.shard = shard;
        this.batch = batch;
        this.ownsBatch = ownsBatch;
    }

    public void putLock(byte[] key, Lock lock) {
        byte[] encoded = lock.encode();
        if (lock.isPessimistic() && !mayHavePersistedLock(key) && shard.pessimisticLocks().hasRoomFor(key, encoded)) {
            memoryLocks().put(key, encoded);
            return;
        }
        put(shard.lockCf(), MvccKeys.encodeUserKey(key), encoded);
        lockStates().put(key, true);
        dropMemoryLock(key);
    }

    public void unlockKey(byte[] key) {
        if (mayHavePersistedLock(key)) {
            delete(shard.lockCf(), MvccKeys.encodeUserKey(key));
            lockStates().put(key, false);
        }
        releasedLocks.add(key);
        dropMemoryLock(key);
    }

    /**
     * Schedules the removal of the key's in-memory lock, if the table or this batch holds one: most locks are put and
     * removed with no memory lock at all, and the prewrite path should not allocate for them. Under the key's latch
     * the table's entry for it cannot change.
     */
    private void dropMemoryLock(byte[] key) {
        if ((memoryLocks != null && memoryLocks.containsKey(key)) || shard.pessimisticLocks().get(key) != null) {
            memoryLocks().put(key, null);
        }
    }

    /** LockedKeys names every key with a persisted lock; this batch may be about to persist one too. */
    private boolean mayHavePersistedLock(byte[] key) {
        return shard.lockedKeys().contains(key) || (lockStates != null && lockStates.containsKey(key));
    }

    private Map<byte[], Boolean> lockStates() {
        if (lockStates == null) {
            lockStates = new TreeMap<>(Arrays::compareUnsigned);
        }
        return lockStates;
    }

    private Map<byte[], byte[]> memoryLocks() {
        if (memoryLocks == null) {
            memoryLocks = new TreeMap<>(Arrays::compareUnsigned);
        }
        return memoryLocks;
    }

    public void putWrite(byte[] key, long ts, Write write) {
        put(shard.writeCf(), MvccKeys.versionKey(key, ts), write.encode());
        if (writtenKeys == null) {
            writtenKeys = new ArrayList<>(4);
            writtenTs = new long[4];
        } else if (writtenKeys.size() == writtenTs.length) {
            writtenTs = Arrays.copyOf(writtenTs, writtenTs.length * 2);
        }
        writtenTs[writtenKeys.size()] = ts;
        writtenKeys.add(key);
    }

    public void deleteWrite(byte[] key, long ts) {
        delete(shard.writeCf(), MvccKeys.versionKey(key, ts));
    }

    public void putValue(byte[] key, long startTs, byte[] value) {
        put(shard.defaultCf(), MvccKeys.versionKey(key, startTs), value);
    }

    public void deleteValue(byte[] key, long startTs) {
        delete(shard.defaultCf(), MvccKeys.versionKey(key, startTs));
    }

    public void putMeta(byte[] key, byte[] value) {
        put(shard.metaCf(), key, value);
    }

    public void deleteMeta(byte[] key) {
        delete(shard.metaCf(), key);
    }

    /** Marks the batch as a decisive write whose WAL must be synced before the action returns. */
    public void requireSync() {
        sync = true;
    }

    public boolean isEmpty() {
        return modifications == 0 && memoryLocks == null;
    }

    public List<byte[]> releasedLocks() {
        return releasedLocks;
    }

    /**
     * Applies the batch (no write when it holds only in-memory lock changes); keys it locks are named before the
     * write, keys it unlocks after. In-memory locks change after the write, so a pessimistic lock is dropped only
     * once the prewrite lock replacing it is in the lock column family.
     */
    public void apply() {
        apply(sync);
    }

    /**
     * {@link #apply()} without syncing the WAL, even for a batch that {@link #requireSync requires} it: the caller
     * syncs it ({@link Shard#syncWal}) before anything relies on the batch, and keeps its keys latched until then.
     */
    public void applyUnsynced() {
        apply(false);
    }

    private void apply(boolean syncWal) {
        if (isEmpty()) {
            return;
        }
        beforeWrite();
        if (modifications > 0) {
            shard.write(batch, syncWal);
        }
        afterWrite();
    }

    Shard shard() {
        return shard;
    }

    boolean writesBatch() {
        return modifications > 0;
    }

    boolean syncRequired() {
        return sync;
    }

    /** Names the keys the batch locks, before it is written. */
    void beforeWrite() {
        if (lockStates != null) {
            LockedKeys locked = shard.lockedKeys();
            lockStates.forEach((key, isLocked) -> {
                if (isLocked) {
                    locked.add(key);
                }
            });
        }
    }

    /** Records the written keys for GC, changes the in-memory locks and forgets unlocked keys, after the write. */
    void afterWrite() {
        if (writtenKeys != null) {
            WrittenKeys written = shard.writtenKeys();
            for (int i = 0; i < writtenKeys.size(); i++) {
                written.add(writtenKeys.get(i), writtenTs[i]);
            }
        }
        if (memoryLocks != null) {
            PessimisticLockTable table = shard.pessimisticLocks();
            memoryLocks.forEach((key, encoded) -> {
                if (encoded == null) {
                    table.remove(key);
                } else {
                    table.put(key, encoded);
                }
            });
        }
        if (lockStates != null) {
            LockedKeys locked = shard.lockedKeys();
            lockStates.forEach((key, isLocked) -> {
                if (!isLocked) {
                    locked.remove(key);
                }
            });
        }
    }

    private void put(org.rocksdb.ColumnFamilyHandle cf, byte[] k, byte[] v) {
        try {
            batch.put(cf, k, v);
            modifications++;
        } catch (RocksDBException e) {
            throw new DiskErrorException("cannot build write batch", e);
        }
    }

    private void delete(org.rocksdb.ColumnFamilyHandle cf, byte[] k) {
        try {
            batch.delete(cf, k);
            modifications++;
        } catch (RocksDBException e) {
            throw new DiskErrorException("cannot build write batch", e);
        }
    }

    @Override
    public void close() {
        if (ownsBatch) {
            batch.close();
        }
    }
}
