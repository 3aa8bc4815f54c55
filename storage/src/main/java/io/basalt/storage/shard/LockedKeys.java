package io.basalt.storage.shard;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The user keys of one shard that may hold a persisted lock: always a superset of the lock column family. Snapshot
 * reads consult it before taking their snapshot and read the lock CF only for the keys it names, instead of
 * iterating the lock CF, whose memtable and young files are mostly tombstones of released locks (iterating them was
 * a fifth of all CPU under sysbench's range reads).
 *
 * <p>Kept by {@link io.basalt.storage.mvcc.MvccTxn#apply} under the keys' latches: a key is added before the batch
 * that locks it is written and removed after the batch that unlocks it was written, so a failed write can leave a
 * key named without a lock (harmless: the reader finds none) but never a lock unnamed. Filled from the lock CF when
 * the shard opens. Thread-safe.
 */
public final class LockedKeys {
    private final ConcurrentSkipListSet<byte[]> keys = new ConcurrentSkipListSet<>(Arrays::compareUnsigned);

    public void add(byte[] key) {
        keys.add(key);
    }

    public void remove(byte[] key) {
        keys.remove(key);
    }

    public boolean contains(byte[] key) {
        return keys.contains(key);
    }

    /**
     * The named keys in [start, end) (end empty = unbounded), ascending — usually none — or null when there are more
     * than {@code max} (a large transaction holds the range; copying them all for every scan page would cost more
     * than reading the lock column family over the page).
     */
    public List<byte[]> in(byte[] start, byte[] end, int max) {
        NavigableSet<byte[]> range = end.length == 0 ? keys.tailSet(start, true) : keys.subSet(start, end);
        List<byte[]> out = List.of();
        for (byte[] key : range) {
            if (out.size() == max) {
                return null;
            }
            if (out.isEmpty()) {
                out = new ArrayList<>();
            }
            out.add(key);
        }
        return out;
    }

    public int size() {
        return keys.size();
    }
}
