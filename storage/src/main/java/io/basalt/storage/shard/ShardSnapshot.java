package io.basalt.storage.shard;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.concurrency.NoWaitScope;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.ReadTier;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;

/**
 * A consistent point-in-time view of one shard. Owned by one thread; close it to release the RocksDB snapshot. Taken
 * inside a {@link NoWaitScope}, it reads only what is in memory (memtables and the block cache) and counts its reads
 * and iterator moves as the scope's steps.
 */
public final class ShardSnapshot implements AutoCloseable {
    private final Shard shard;
    private final Snapshot snapshot;
    private final ReadOptions readOptions;
    private final boolean inMemoryOnly;

    ShardSnapshot(Shard shard) {
        this.shard = shard;
        this.snapshot = shard.db().getSnapshot();
        this.inMemoryOnly = NoWaitScope.active();
        this.readOptions = readOptions();
    }

    public Shard shard() {
        return shard;
    }

    public byte[] get(ColumnFamilyHandle cf, byte[] key) {
        NoWaitScope.step();
        try {
            return shard.db().get(cf, readOptions, key);
        } catch (RocksDBException e) {
            throw ReadFailure.of("read failed on shard " + shard.id(), e);
        }
    }

    /**
     * An iterator bounded to [lower, upper) (either may be null). The caller closes it before closing this snapshot.
     */
    public BoundedIterator iterator(ColumnFamilyHandle cf, byte[] lower, byte[] upper) {
        // the write CF has a prefix extractor: without total order a seek would skip files whose filter lacks the
        // target's prefix, though they hold keys after it
        ReadOptions ro = readOptions().setTotalOrderSeek(true);
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

    /**
     * An iterator whose seeks only find keys sharing the target's first {@link MvccKeys#FILTER_PREFIX_LENGTH} bytes,
     * and skip the memtables and files whose prefix bloom filter rules that prefix out: for reading the versions of
     * one key in the write CF, whose encoded form is at least that long. The caller closes it before this snapshot.
     */
    public BoundedIterator prefixIterator(ColumnFamilyHandle cf) {
        ReadOptions ro = readOptions().setPrefixSameAsStart(true);
        return new BoundedIterator(shard.db().newIterator(cf, ro), ro, null, null);
    }

    private ReadOptions readOptions() {
        ReadOptions ro = new ReadOptions().setSnapshot(snapshot);
        return inMemoryOnly ? ro.setReadTier(ReadTier.BLOCK_CACHE_TIER) : ro;
    }

    @Override
    public void close() {
        readOptions.close();
        shard.db().releaseSnapshot(snapshot);
    }
}
