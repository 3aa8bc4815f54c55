package io.basalt.storage.shard;

import io.basalt.storage.error.DiskErrorException;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/** A RocksDB iterator together with the native objects bounding it; closing releases all of them. */
public final class BoundedIterator implements AutoCloseable {
    private final RocksIterator it;
    private final ReadOptions options;
    private final Slice lower;
    private final Slice upper;

    BoundedIterator(RocksIterator it, ReadOptions options, Slice lower, Slice upper) {
        this.it = it;
        this.options = options;
        this.lower = lower;
        this.upper = upper;
    }

    public void seek(byte[] key) {
        it.seek(key);
    }

    public void seekForPrev(byte[] key) {
        it.seekForPrev(key);
    }

    public void seekToFirst() {
        it.seekToFirst();
    }

    public void seekToLast() {
        it.seekToLast();
    }

    public boolean valid() {
        if (it.isValid()) {
            return true;
        }
        try {
            it.status();
        } catch (RocksDBException e) {
            throw new DiskErrorException("iterator failed", e);
        }
        return false;
    }

    public void next() {
        it.next();
    }

    public void prev() {
        it.prev();
    }

    public byte[] key() {
        return it.key();
    }

    public byte[] value() {
        return it.value();
    }

    @Override
    public void close() {
        it.close();
        options.close();
        if (lower != null) {
            lower.close();
        }
        if (upper != null) {
            upper.close();
        }
    }
}
