package io.basalt.storage.shard;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The user keys of one shard that received a write record (commit, rollback or lock record) since GC last
 * collected them, each with the oldest and newest such record's ts: the keys that can hold old versions. GC collects
 * only these, so a round costs what was written since the last one, not the shard's size (the way InnoDB's purge
 * follows the undo logs of committed transactions instead of scanning tables).
 *
 * <p>It is <em>complete</em> when it names every such key. It is not when the shard opens (writes from before are
 * unknown) and once more than {@link #LIMIT} keys wait (it then stops recording, bounding its memory at roughly 130
 * bytes per key); GC then scans the whole shard and {@link #restart}s it. Fed by
 * {@link io.basalt.storage.mvcc.MvccTxn#apply} after each write, drained by the GC thread. Thread-safe.
 *
 * <p>A hash map, sorted only when GC drains it: every write of every transaction records its keys here, and a sorted
 * concurrent map made each of them walk some 17 levels of a skip list of up to {@link #LIMIT} keys (4 % of the
 * server's CPU on oltp_update_index at 32 threads).
 */
public final class WrittenKeys {
    /** Keys recorded at most; past it GC falls back to a scan of the shard. */
    static final int LIMIT = 131_072;

    private static final Comparator<Key> KEY_ORDER = (a, b) -> Arrays.compareUnsigned(a.bytes, b.bytes);

    private final ConcurrentHashMap<Key, Records> pending = new ConcurrentHashMap<>();
    private final int limit;
    private volatile boolean complete;

    public WrittenKeys() {
        this(LIMIT);
    }

    WrittenKeys(int limit) {
        this.limit = limit;
    }

    /** Records that {@code key} got a write record at {@code ts}. */
    public void add(byte[] key, long ts) {
        if (!complete) {
            return;
        }
        pending.merge(new Key(key), new Records(ts, ts), Records::with);
        if (pending.mappingCount() > limit) {
            complete = false;
        }
    }

    /** Whether every key written since the last {@link #restart} is named. */
    public boolean isComplete() {
        return complete;
    }

    /**
     * Forgets every key and starts recording again; the caller then scans the shard (from a snapshot taken after
     * this call) and {@link #add}s the keys whose newest record it cannot collect yet. A write recorded nowhere was
     * applied before this call, so that snapshot holds it.
     */
    public void restart() {
        pending.clear();
        complete = true;
    }

    /**
     * Returns, in key order, the keys with a record at or below {@code safePoint}: GC at that safe point collects them.
     * A key all of whose records are at or below it then holds no old version and is removed; one also written above
     * it (a key written all the time, such as a hot row) stays, due again once the safe point passes its newest
     * record, which makes every record it has now an old version or the one GC keeps.
     */
    public List<byte[]> drainUpTo(long safePoint) {
        List<Key> due = new ArrayList<>();
        for (Map.Entry<Key, Records> e : pending.entrySet()) {
            if (e.getValue().oldestTs <= safePoint) {
                due.add(e.getKey());
                pending.computeIfPresent(e.getKey(), (k, r) -> r.dueAfter(safePoint));
            }
        }
        due.sort(KEY_ORDER);
        List<byte[]> out = new ArrayList<>(due.size());
        due.forEach(k -> out.add(k.bytes));
        return out;
    }

    /** Keys waiting; for tests. */
    int size() {
        return pending.size();
    }

    /** A user key as a hash map key: equal by content, its hash computed once. */
    private static final class Key {
        final byte[] bytes;
        private final int hash;

        Key(byte[] bytes) {
            this.bytes = bytes;
            this.hash = KeyHash.forTable(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key other && hash == other.hash && Arrays.equals(bytes, other.bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** The oldest and newest ts among a key's records since GC last collected it. Immutable. */
    private record Records(long oldestTs, long newestTs) {
        Records with(Records other) {
            return new Records(Math.min(oldestTs, other.oldestTs), Math.max(newestTs, other.newestTs));
        }

        /** What stays to collect after GC at {@code safePoint}: nothing, or everything up to the newest record. */
        Records dueAfter(long safePoint) {
            return newestTs <= safePoint ? null : new Records(newestTs, newestTs);
        }
    }
}
