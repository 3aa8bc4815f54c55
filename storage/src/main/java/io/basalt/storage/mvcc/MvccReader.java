package io.basalt.storage.mvcc;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.error.StorageCorruptionException;
import io.basalt.storage.shard.BoundedIterator;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.shard.ShardSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reads MVCC data of one shard from one snapshot. Owned by one thread; closing it closes the snapshot. Keys given
 * to and returned by this class are raw user keys.
 */
public final class MvccReader implements AutoCloseable {
    private final ShardSnapshot snapshot;
    private final Shard shard;
    private final boolean keysLatched;
    private BoundedIterator writeIter;
    private BoundedIterator prefixIter;

    public MvccReader(ShardSnapshot snapshot) {
        this(snapshot, false);
    }

    private MvccReader(ShardSnapshot snapshot, boolean keysLatched) {
        this.snapshot = snapshot;
        this.shard = snapshot.shard();
        this.keysLatched = keysLatched;
    }

    /**
     * A reader for an action that latched its keys before taking {@code snapshot}: under those latches no lock is
     * written or removed, so {@link io.basalt.storage.shard.LockedKeys} names every one of them that has a persisted
     * lock in the snapshot, and {@link #loadLock} skips the lock column family for the others. That read was a tenth of
     * all CPU under oltp_write_only: most keys an action looks at hold no persisted lock, and the lock CF's
     * memtable is a deep skiplist of released locks' tombstones.
     */
    public static MvccReader forLatchedKeys(ShardSnapshot snapshot) {
        return new MvccReader(snapshot, true);
    }

    public Shard shard() {
        return shard;
    }

    /**
     * The lock of {@code key}: the persisted one in this snapshot, else the in-memory pessimistic one as of now
     * (callers that must see a consistent pair hold the key's latch, under which neither changes).
     */
    public Lock loadLock(byte[] key) {
        byte[] v = keysLatched && !shard.lockedKeys().contains(key) ? null
                : snapshot.get(shard.lockCf(), MvccKeys.encodeUserKey(key));
        if (v == null) {
            v = shard.pessimisticLocks().get(key);
        }
        return v == null ? null : Lock.decode(v);
    }

    /** The newest write record of {@code key} with timestamp at or below {@code ts}, or null. */
    public VersionedWrite seekWrite(byte[] key, long ts) {
        byte[] enc = MvccKeys.encodeUserKey(key);
        BoundedIterator it = writeIterator(enc);
        it.seek(MvccKeys.withTs(enc, ts));
        if (!it.valid() || !MvccKeys.isVersionOf(it.key(), enc)) {
            return null;
        }
        return new VersionedWrite(MvccKeys.decodeTs(it.key()), Write.decode(it.value()));
    }

    /** All write records of {@code key} with timestamp in [minTs, maxTs], newest first. */
    public List<VersionedWrite> writesBetween(byte[] key, long minTs, long maxTs) {
        byte[] enc = MvccKeys.encodeUserKey(key);
        BoundedIterator it = writeIterator(enc);
        List<VersionedWrite> out = new ArrayList<>();
        for (it.seek(MvccKeys.withTs(enc, maxTs)); it.valid() && MvccKeys.isVersionOf(it.key(), enc); it.next()) {
            long ts = MvccKeys.decodeTs(it.key());
            if (Long.compareUnsigned(ts, minTs) < 0) {
                break;
            }
            out.add(new VersionedWrite(ts, Write.decode(it.value())));
        }
        return out;
    }

    /**
     * The newest Put/Delete of {@code key} visible at {@code ts} (Lock and Rollback records skipped; a
     * gc-fenced record counts as absent), or null if none.
     */
    public VersionedWrite latestDataWrite(byte[] key, long ts) {
        byte[] enc = MvccKeys.encodeUserKey(key);
        BoundedIterator it = writeIterator(enc);
        for (it.seek(MvccKeys.withTs(enc, ts)); it.valid() && MvccKeys.isVersionOf(it.key(), enc); it.next()) {
            Write w = Write.decode(it.value());
            if (w.isDataChange()) {
                if (w.isFencedAt(ts)) {
                    return null;
                }
                return new VersionedWrite(MvccKeys.decodeTs(it.key()), w);
            }
        }
        return null;
    }

    /** The value visible at {@code ts}, ignoring locks (callers check locks first), or null if none. */
    public byte[] get(byte[] key, long ts) {
        VersionedWrite vw = latestDataWrite(key, ts);
        if (vw == null || vw.write().type == WriteType.DELETE) {
            return null;
        }
        return loadValue(key, vw.write());
    }

    /** The value of a Put write: inline short value, or the default column family at key@start_ts. */
    public byte[] loadValue(byte[] key, Write write) {
        if (write.shortValue != null) {
            return write.shortValue;
        }
        byte[] v = snapshot.get(shard.defaultCf(), MvccKeys.versionKey(key, write.startTs));
        if (v == null) {
            throw new StorageCorruptionException("default value missing for a committed put at start_ts "
                    + write.startTs + " on shard " + shard.id());
        }
        return v;
    }

    /**
     * What this transaction did to {@code key}: committed (and when), rolled back, or nothing. Scans the records
     * with timestamps from the newest down to {@code startTs}.
     */
    public CommitRecord txnCommitRecord(byte[] key, long startTs) {
        for (VersionedWrite vw : writesBetween(key, startTs, Long.MAX_VALUE)) {
            Write w = vw.write();
            if (w.startTs == startTs) {
                return w.type == WriteType.ROLLBACK ? CommitRecord.rolledBack(w) : CommitRecord.committed(vw.commitTs(), w);
            }
            if (vw.commitTs() == startTs && w.hasOverlappedRollback) {
                return CommitRecord.overlappedRollback(startTs, w);
            }
        }
        return CommitRecord.NONE;
    }

    /** The record stored exactly at key@ts, or null. */
    public Write writeAt(byte[] key, long ts) {
        byte[] v = snapshot.get(shard.writeCf(), MvccKeys.versionKey(key, ts));
        return v == null ? null : Write.decode(v);
    }

    /** Locks in [start, end) (user keys; empty end = unbounded) accepted by {@code filter}, at most {@code limit}. */
    public List<KeyLock> scanLocks(byte[] start, byte[] end, Predicate<Lock> filter, int limit) {
        List<KeyLock> out = new ArrayList<>();
        byte[] lo = MvccKeys.encodeUserKey(start);
        byte[] hi = end.length == 0 ? null : MvccKeys.encodeUserKey(end);
        try (BoundedIterator it = snapshot.iterator(shard.lockCf(), lo, hi)) {
            for (it.seekToFirst(); it.valid() && out.size() < limit; it.next()) {
                Lock l = Lock.decode(it.value());
                if (filter.test(l)) {
                    out.add(new KeyLock(MvccKeys.decodeUserKey(it.key()), l));
                }
            }
        }
        return out;
    }

    /** The shard's in-memory pessimistic locks accepted by {@code filter}, as of now (not of the snapshot). */
    public List<KeyLock> memoryLocks(Predicate<Lock> filter) {
        List<KeyLock> out = new ArrayList<>();
        shard.pessimisticLocks().forEach((key, encoded) -> {
            Lock l = Lock.decode(encoded);
            if (filter.test(l)) {
                out.add(new KeyLock(key, l));
            }
        });
        return out;
    }

    public ShardSnapshot snapshot() {
        return snapshot;
    }

    /** For seeks among the versions of {@code enc}: through its prefix filter when it is long enough to have one. */
    private BoundedIterator writeIterator(byte[] enc) {
        if (enc.length >= MvccKeys.FILTER_PREFIX_LENGTH) {
            if (prefixIter == null) {
                prefixIter = snapshot.prefixIterator(shard.writeCf());
            }
            return prefixIter;
        }
        if (writeIter == null) {
            writeIter = snapshot.iterator(shard.writeCf(), null, null);
        }
        return writeIter;
    }

    @Override
    public void close() {
        if (writeIter != null) {
            writeIter.close();
        }
        if (prefixIter != null) {
            prefixIter.close();
        }
        snapshot.close();
    }
}
