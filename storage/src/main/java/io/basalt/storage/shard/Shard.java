package io.basalt.storage.shard;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.error.DiskErrorException;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.CompactRangeOptions;
import org.rocksdb.Range;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SizeApproximationFlag;
import org.rocksdb.Slice;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * One shard: the unit of atomic write, four column families of the store's {@link ShardEngine}: {@code default}
 * (long values at key@start_ts), {@code lock}, {@code write} (commit records at key@commit_ts) and {@code meta}
 * (outbox, region map, TSO high-water). Thread-safe; the engine opens and closes it.
 */
public final class Shard {
    public static final String CF_DEFAULT = "default";
    public static final String CF_LOCK = "lock";
    public static final String CF_WRITE = "write";
    public static final String CF_META = "meta";

    private final int id;
    private final RocksDB db;
    private final List<ColumnFamilyHandle> handles;
    private final WriteOptions syncWrite;
    private final WriteOptions noSyncWrite;
    private final boolean syncDecisive;
    /**
     * Shared by every manual compaction of this shard, so {@link #cancelCompactions()} reaches a running one. The last
     * level is always included: without a compaction filter RocksDB would otherwise skip it, and when all of a range
     * sits in one level (e.g. just flushed to L0) that skips everything.
     */
    private final CompactRangeOptions compactOptions = new CompactRangeOptions()
            .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForceOptimized);
    private volatile boolean compactionsCancelled;
    private final Latches latches = new Latches(4096);
    private final LockedKeys lockedKeys = new LockedKeys();
    private final WrittenKeys writtenKeys = new WrittenKeys();
    private final PessimisticLockTable pessimisticLocks;

    private Shard(int id, RocksDB db, List<ColumnFamilyHandle> handles, boolean syncDecisive,
                  long pessimisticLockBudgetBytes) {
        this.id = id;
        this.pessimisticLocks = new PessimisticLockTable(pessimisticLockBudgetBytes);
        this.db = db;
        this.handles = handles;
        this.syncDecisive = syncDecisive;
        this.syncWrite = new WriteOptions().setSync(syncDecisive);
        this.noSyncWrite = new WriteOptions().setSync(false);
    }

    /**
     * @param handles                    the shard's column families: default, lock, write, meta
     * @param pessimisticLockBudgetBytes memory for in-memory pessimistic locks (0: all go to the lock CF)
     */
    static Shard open(int id, RocksDB db, List<ColumnFamilyHandle> handles, boolean syncDecisive,
                      long pessimisticLockBudgetBytes) {
        Shard shard = new Shard(id, db, handles, syncDecisive, pessimisticLockBudgetBytes);
        try {
            shard.loadLockedKeys();
        } catch (RuntimeException e) {
            shard.close();
            throw e;
        }
        return shard;
    }

    public int id() {
        return id;
    }

    RocksDB db() {
        return db;
    }

    public ColumnFamilyHandle defaultCf() {
        return handles.get(0);
    }

    public ColumnFamilyHandle lockCf() {
        return handles.get(1);
    }

    public ColumnFamilyHandle writeCf() {
        return handles.get(2);
    }

    public ColumnFamilyHandle metaCf() {
        return handles.get(3);
    }

    public Latches latches() {
        return latches;
    }

    public LockedKeys lockedKeys() {
        return lockedKeys;
    }

    public WrittenKeys writtenKeys() {
        return writtenKeys;
    }

    public PessimisticLockTable pessimisticLocks() {
        return pessimisticLocks;
    }

    private void loadLockedKeys() {
        try (ShardSnapshot snap = snapshot(); BoundedIterator it = snap.iterator(lockCf(), null, null)) {
            for (it.seekToFirst(); it.valid(); it.next()) {
                lockedKeys.add(MvccKeys.decodeUserKey(it.key()));
            }
        }
    }

    public ShardSnapshot snapshot() {
        return new ShardSnapshot(this);
    }

    /**
     * Applies a batch atomically; {@code sync} makes it durable (WAL fsync, grouped with concurrent writers). A thread
     * in a {@link NoWaitScope} is refused: a write may queue behind another writer's fsync.
     */
    public void write(WriteBatch batch, boolean sync) {
        NoWaitScope.refuse("a RocksDB write");
        try {
            db.write(sync ? syncWrite : noSyncWrite, batch);
        } catch (RocksDBException e) {
            throw new DiskErrorException("write failed on shard " + id + ": " + e.getMessage(), e);
        }
    }

    /**
     * Makes every batch written so far durable with one WAL fsync, as a synced {@link #write} of the last of them
     * would (the shards share the WAL, so this covers every shard). Until it returns, unsynced batches are already
     * visible in the memtables: a caller that writes unsynced and syncs afterwards keeps readers away meanwhile (its
     * keys stay latched and locked in memory). Skipped when decisive writes are not synced. Refused in a
     * {@link NoWaitScope}.
     */
    public void syncWal() {
        NoWaitScope.refuse("a WAL sync");
        if (!syncDecisive) {
            return;
        }
        try {
            db.syncWal();
        } catch (RocksDBException e) {
            throw new DiskErrorException("WAL sync failed: " + e.getMessage(), e);
        }
    }

    /** Latest committed value of a meta key (no MVCC: metadata of the engine itself). */
    public byte[] getMeta(byte[] key) {
        try {
            return db.get(metaCf(), key);
        } catch (RocksDBException e) {
            throw new DiskErrorException("meta read failed on shard " + id, e);
        }
    }

    /** Durably stores one meta key. */
    public void putMetaSync(byte[] key, byte[] value) {
        try (WriteBatch b = new WriteBatch()) {
            b.put(metaCf(), key, value);
            write(b, true);
        } catch (RocksDBException e) {
            throw new DiskErrorException("meta write failed on shard " + id, e);
        }
    }

    /** RocksDB's estimate of the entries of a column family (memtables and files), at least 1. */
    public long estimatedEntries(ColumnFamilyHandle cf) {
        try {
            return Math.max(db.getLongProperty(cf, "rocksdb.estimate-num-keys"), 1);
        } catch (RocksDBException e) {
            throw new DiskErrorException("cannot read the size of shard " + id + ": " + e.getMessage(), e);
        }
    }

    /**
     * Compacts the keys [from, to] of a column family through to the last level, which drops deleted entries together
     * with their tombstones (a read steps over every tombstone it meets until a compaction has removed it). Blocks the
     * calling thread until done.
     *
     * @return false when {@link #cancelCompactions()} stopped it or was called before
     */
    public boolean compact(ColumnFamilyHandle cf, byte[] from, byte[] to) {
        if (compactionsCancelled) {
            return false;
        }
        try {
            db.compactRange(cf, from, to, compactOptions);
            return !compactionsCancelled;
        } catch (RocksDBException e) {
            if (compactionsCancelled) {
                return false;
            }
            throw new DiskErrorException("compaction failed on shard " + id + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads every entry of [from, to) of a column family once through RocksDB's block cache, so that the blocks a
     * {@link #compact} just wrote are cached before reads that must not wait (an event loop's, which refuse a block
     * that is not cached) look for them: after a compaction of a hot span each such read went to a worker until a
     * worker's read had cached its block (update_non_index at 32 threads: 7 % of the statements). A span whose files take
     * more than {@code maxBytes} is left alone, so a large cold table does not push hot blocks out of the cache.
     * Blocks the calling thread for about as long as reading {@code maxBytes} takes.
     *
     * @return whether the span was read (not once {@link #cancelCompactions()} was called)
     */
    public boolean warmBlockCache(ColumnFamilyHandle cf, byte[] from, byte[] to, long maxBytes) {
        if (compactionsCancelled || fileBytes(cf, from, to) > maxBytes) {
            return false;
        }
        try (ShardSnapshot snap = snapshot(); BoundedIterator it = snap.iterator(cf, from, to)) {
            for (it.seekToFirst(); it.valid(); it.next()) {
                // reading is the point: each block is cached as the iterator enters it
            }
        }
        return true;
    }

    /** The bytes of the SST files that hold [from, to) of a column family (RocksDB's estimate). */
    private long fileBytes(ColumnFamilyHandle cf, byte[] from, byte[] to) {
        try (Slice start = new Slice(from); Slice limit = new Slice(to)) {
            return db.getApproximateSizes(cf, List.of(new Range(start, limit)),
                    SizeApproximationFlag.INCLUDE_FILES)[0];
        }
    }

    /** Stops a running {@link #compact} and makes later calls return at once; for shutdown. Thread-safe. */
    public void cancelCompactions() {
        compactionsCancelled = true;
        compactOptions.setCanceled(true);
    }

    /** Releases the shard's own options; the engine closes the column families and the database. */
    void close() {
        syncWrite.close();
        noSyncWrite.close();
        compactOptions.close();
    }
}
