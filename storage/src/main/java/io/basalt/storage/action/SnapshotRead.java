package io.basalt.storage.action;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import io.basalt.storage.shard.BoundedIterator;
import io.basalt.storage.shard.Shard;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Store-side snapshot reads at a timestamp (spec §1.6): raise max_ts, check the memory lock table, note which keys
 * may hold a persisted lock, take the snapshot, then check those keys' locks and read the newest visible version. A
 * blocking lock is reported as {@link io.basalt.storage.error.KeyIsLockedException}; nothing is ever silently
 * skipped.
 */
public final class SnapshotRead {
    /** Versions of one key stepped over with next() before a scan seeks past the rest. */
    private static final int SEEK_BOUND = 2;
    /** More keys named as locked in a scan's range than this, and the scan reads the lock CF over its page instead. */
    private static final int MAX_NAMED_LOCKS = 256;

    private final ConcurrencyManager cm;
    private final FaultInjector faults;

    public SnapshotRead(ConcurrencyManager cm, FaultInjector faults) {
        this.cm = cm;
        this.faults = faults;
    }

    public byte[] get(Shard shard, byte[] key, long readTs, Set<Long> bypass) {
        cm.updateMaxTs(readTs);
        faults.hit(FaultPoints.BEFORE_CHECK_MEMORY_LOCKS, readTs);
        cm.readKeyCheck(key, (k, l) -> LockConflictRule.check(k, l, readTs, bypass));
        boolean mayBeLocked = shard.lockedKeys().contains(key);
        try (MvccReader reader = new MvccReader(shard.snapshot())) {
            faults.hit(FaultPoints.AFTER_SNAPSHOT, readTs);
            if (mayBeLocked) {
                checkLock(reader, key, readTs, bypass);
            }
            return reader.get(key, readTs);
        }
    }

    /** Values of keys that all live on {@code shard}; null where absent. */
    public List<byte[]> batchGet(Shard shard, List<byte[]> keys, long readTs, Set<Long> bypass) {
        cm.updateMaxTs(readTs);
        for (byte[] key : keys) {
            cm.readKeyCheck(key, (k, l) -> LockConflictRule.check(k, l, readTs, bypass));
        }
        boolean[] mayBeLocked = new boolean[keys.size()];
        for (int i = 0; i < mayBeLocked.length; i++) {
            mayBeLocked[i] = shard.lockedKeys().contains(keys.get(i));
        }
        try (MvccReader reader = new MvccReader(shard.snapshot())) {
            List<byte[]> out = new ArrayList<>(keys.size());
            for (int i = 0; i < mayBeLocked.length; i++) {
                byte[] key = keys.get(i);
                if (mayBeLocked[i]) {
                    checkLock(reader, key, readTs, bypass);
                }
                out.add(reader.get(key, readTs));
            }
            return out;
        }
    }

    /**
     * Up to {@code limit} visible pairs of [start, end) on one shard (end empty = unbounded), ascending or
     * descending. Every conflicting lock in the part of the range the scan covered is reported.
     */
    public List<KvPair> scan(Shard shard, byte[] start, byte[] end, int limit, boolean reverse, long readTs,
                             Set<Long> bypass) {
        cm.updateMaxTs(readTs);
        cm.readRangeCheck(start, end, (k, l) -> LockConflictRule.check(k, l, readTs, bypass));
        List<byte[]> mayBeLocked = shard.lockedKeys().in(start, end, MAX_NAMED_LOCKS);
        try (MvccReader reader = new MvccReader(shard.snapshot())) {
            List<KvPair> out = scanWrites(reader, start, end, limit, reverse, readTs);
            byte[] lockFrom = start;
            byte[] lockTo = end;
            if (out.size() == limit && limit > 0) {
                byte[] last = out.get(out.size() - 1).key();
                if (reverse) {
                    lockFrom = last;
                } else {
                    lockTo = successor(last);
                }
            }
            if (mayBeLocked == null) {
                for (var kl : reader.scanLocks(lockFrom, lockTo, l -> true, Integer.MAX_VALUE)) {
                    LockConflictRule.check(kl.key(), kl.lock(), readTs, bypass);
                }
                return out;
            }
            for (byte[] key : mayBeLocked) {
                if (Arrays.compareUnsigned(key, lockFrom) >= 0
                        && (lockTo.length == 0 || Arrays.compareUnsigned(key, lockTo) < 0)) {
                    checkLock(reader, key, readTs, bypass);
                }
            }
            return out;
        }
    }

    /**
     * Checks the persisted lock of a key {@link io.basalt.storage.shard.LockedKeys} named before the snapshot was
     * taken. Keys it did not name cannot hold a lock that matters to this read: such a lock was written after the
     * memory lock check, so its transaction commits above readTs (2PC takes its commit ts after the prewrite;
     * async commit and 1PC took min_commit_ts from a max_ts this read had already raised).
     */
    private static void checkLock(MvccReader reader, byte[] key, long readTs, Set<Long> bypass) {
        Lock lock = reader.loadLock(key);
        if (lock != null) {
            LockConflictRule.check(key, lock, readTs, bypass);
        }
    }

    /**
     * Walks the write CF key by key in the scan direction; for each user key, goes to its newest version at or
     * below readTs (a seek unless forwards the newest version already is), then past all its versions (forwards by
     * {@link #skipVersions}, backwards by a seek to ts MAX).
     */
    private static List<KvPair> scanWrites(MvccReader reader, byte[] start, byte[] end, int limit, boolean reverse,
                                           long readTs) {
        List<KvPair> out = new ArrayList<>();
        Shard shard = reader.shard();
        byte[] lo = MvccKeys.encodeUserKey(start);
        byte[] hi = end.length == 0 ? null : MvccKeys.encodeUserKey(end);
        try (BoundedIterator it = reader.snapshot().iterator(shard.writeCf(), lo, hi)) {
            if (reverse) {
                it.seekToLast();
            } else {
                it.seekToFirst();
            }
            while (it.valid() && out.size() < limit) {
                byte[] versionKey = it.key();
                byte[] encKey = MvccKeys.stripTs(versionKey);
                // forwards the iterator is on the key's newest version: no seek when that one is old enough
                if (reverse || MvccKeys.decodeTs(versionKey) > readTs) {
                    it.seek(MvccKeys.withTs(encKey, readTs));
                }
                KvPair visible = visibleAt(reader, it, encKey, readTs);
                if (visible != null) {
                    out.add(visible);
                }
                if (reverse) {
                    it.seekForPrev(MvccKeys.withTs(encKey, Long.MAX_VALUE));
                    if (it.valid() && MvccKeys.isVersionOf(it.key(), encKey)) {
                        it.prev();
                    }
                } else {
                    skipVersions(it, encKey);
                }
            }
        }
        return out;
    }

    /**
     * Moves a forward iterator past encKey's remaining versions: up to {@value #SEEK_BOUND} next() calls, then one
     * seek for a key with more versions. Each step is two JNI calls (next, key), about a quarter of a seek's cost as
     * profiled under sysbench, so a key with one or two versions (most rows, once GC has run) is passed cheaply and a
     * hot row with many pays little extra; TiKV's scanner, without JNI, steps further (8).
     */
    private static void skipVersions(BoundedIterator it, byte[] encKey) {
        for (int steps = 0; it.valid() && MvccKeys.isVersionOf(it.key(), encKey); steps++) {
            if (steps == SEEK_BOUND) {
                it.seek(MvccKeys.withTs(encKey, 0));
                if (it.valid() && MvccKeys.isVersionOf(it.key(), encKey)) {
                    it.next();
                }
                return;
            }
            it.next();
        }
    }

    /** With the iterator at the first version of encKey at or below readTs (or past it), the visible pair. */
    private static KvPair visibleAt(MvccReader reader, BoundedIterator it, byte[] encKey, long readTs) {
        for (; it.valid() && MvccKeys.isVersionOf(it.key(), encKey); it.next()) {
            Write w = Write.decode(it.value());
            if (!w.isDataChange()) {
                continue;
            }
            if (w.type == WriteType.DELETE || w.isFencedAt(readTs)) {
                return null;
            }
            byte[] userKey = MvccKeys.decodeUserKey(encKey);
            return new KvPair(userKey, reader.loadValue(userKey, w));
        }
        return null;
    }

    private static byte[] successor(byte[] key) {
        return Arrays.copyOf(key, key.length + 1);
    }
}
