package io.basalt.storage.mvcc;

/**
 * A record of the write column family at {@code key@commit_ts} (rollbacks: at {@code key@start_ts}). Immutable.
 * {@code gcFence}: {@link #NO_GC_FENCE} = never rewritten; 0 = rewritten with no newer version; otherwise the commit
 * ts of the next newer version at rewrite time (see the percolator spec §1.4/§3.9).
 */
public final class Write {
    public static final long NO_GC_FENCE = -1;
    private static final byte TAG_SHORT_VALUE = 'v';
    private static final byte TAG_OVERLAPPED_ROLLBACK = 'R';
    private static final byte TAG_GC_FENCE = 'F';
    private static final byte[] PROTECTED_ROLLBACK_MARK = {'p'};

    public final WriteType type;
    public final long startTs;
    public final byte[] shortValue;
    public final boolean hasOverlappedRollback;
    public final long gcFence;

    public Write(WriteType type, long startTs, byte[] shortValue, boolean hasOverlappedRollback, long gcFence) {
        this.type = type;
        this.startTs = startTs;
        this.shortValue = shortValue;
        this.hasOverlappedRollback = hasOverlappedRollback;
        this.gcFence = gcFence;
    }

    public Write(WriteType type, long startTs, byte[] shortValue) {
        this(type, startTs, shortValue, false, NO_GC_FENCE);
    }

    public static Write rollback(long startTs, boolean protect) {
        return new Write(WriteType.ROLLBACK, startTs, protect ? PROTECTED_ROLLBACK_MARK : null);
    }

    public boolean isProtectedRollback() {
        return type == WriteType.ROLLBACK && shortValue != null;
    }

    public boolean isDataChange() {
        return type == WriteType.PUT || type == WriteType.DELETE;
    }

    public Write withOverlappedRollback(long fence) {
        return new Write(type, startTs, shortValue, true, fence);
    }

    /** A rewritten record whose fence is at or below the read ts was already garbage-collected logically. */
    public boolean isFencedAt(long readTs) {
        return gcFence != NO_GC_FENCE && gcFence > 0 && gcFence <= readTs;
    }

    public byte[] encode() {
        RecordWriter w = new RecordWriter();
        w.put(type.code).putVarLong(startTs);
        if (shortValue != null) {
            w.put(TAG_SHORT_VALUE).putBytes(shortValue);
        }
        if (hasOverlappedRollback) {
            w.put(TAG_OVERLAPPED_ROLLBACK);
        }
        if (gcFence != NO_GC_FENCE) {
            w.put(TAG_GC_FENCE).putLong(gcFence);
        }
        return w.toBytes();
    }

    public static Write decode(byte[] bytes) {
        RecordReader r = new RecordReader(bytes);
        WriteType type = WriteType.of(r.get());
        long startTs = r.getVarLong();
        byte[] shortValue = null;
        boolean overlapped = false;
        long fence = NO_GC_FENCE;
        loop:
        while (r.hasMore()) {
            switch (r.get()) {
                case TAG_SHORT_VALUE -> shortValue = r.getBytes();
                case TAG_OVERLAPPED_ROLLBACK -> overlapped = true;
                case TAG_GC_FENCE -> fence = r.getLong();
                default -> {
                    break loop;
                }
            }
        }
        return new Write(type, startTs, shortValue, overlapped, fence);
    }

    @Override
    public String toString() {
        return "Write{" + type + " start=" + startTs + (hasOverlappedRollback ? " overlapped" : "")
                + (gcFence != NO_GC_FENCE ? " fence=" + gcFence : "") + "}";
    }
}
