package io.basalt.storage.shard;

import io.basalt.storage.error.DiskErrorException;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/** A consistent point-in-time view of one shard. Owned by one thread; close it to release the RocksDB snapshot. */
public final class ShardSnapshot implements AutoCloseable {
    private final Shard shard;
    private final Snapshot snapshot;
    private final ReadOptions readOptions;

    ShardSnapshot(Shard shard) {
        this.shard = shard;
        this.snapshot = shard.db().getSnapshot();
        this.readOptions = new ReadOptions().setSnapshot(snapshot);
    }

    public Shard shard() {
        return shard;
    }

    public byte[] get(ColumnFamilyHandle cf, byte[] key) {
        try {
            return shard.db().get(cf, readOptions, key);
        } catch (RocksDBException e) {
            throw new DiskErrorException("read failed on shard " + shard.id(), e);
        }
    }

    /**
     * An iterator bounded to [lower, upper) (either may be null). The caller closes it before closing this snapshot.
     */
    public BoundedIterator iterator(ColumnFamilyHandle cf, byte[] lower, byte[] upper) {
        ReadOptions ro = new ReadOptions().setSnapshot(snapshot);
        Slice lo = lower == null ? null : new Slice(lower);
        Slice hi = upper == null ? null : new Slice(upper);
        if (lo != null) {
            ro.setIterateLowerBound(lo);
        }
        if (hi != null) {
            ro.setIterateUpperBound(hi);
        }
        RocksIterator it = shard.db().newIterator(cf, ro);
        return new BoundedIterator(it, ro, lo, hi);
    }

    @Override
    public void close() {
        readOptions.close();
        shard.db().releaseSnapshot(snapshot);
    }
}
