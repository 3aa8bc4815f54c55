package io.basalt.storage.mvcc;

import io.basalt.storage.tso.Timestamps;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A Percolator lock (lock column family, keyed by the bare user key). Immutable; derive changed copies with
 * {@link #toBuilder()}. The on-disk form is a fixed header plus optional tagged fields; parsing stops at an unknown
 * tag so fields can be added without a migration.
 */
public final class Lock {
    public static final int SHORT_VALUE_MAX_LEN = 255;

    private static final byte TAG_SHORT_VALUE = 'v';
    private static final byte TAG_FOR_UPDATE_TS = 'f';
    private static final byte TAG_TXN_SIZE = 't';
    private static final byte TAG_MIN_COMMIT_TS = 'c';
    private static final byte TAG_ASYNC_COMMIT = 'a';
    private static final byte TAG_ROLLBACK_TS = 'r';

    public final LockType type;
    public final byte[] primary;
    public final long startTs;
    public final long ttlMs;
    public final byte[] shortValue;
    public final long forUpdateTs;
    public final long txnSize;
    public final long minCommitTs;
    public final boolean useAsyncCommit;
    public final List<byte[]> secondaries;
    public final List<Long> rollbackTs;
    /** Memory-only: the lock of an in-flight 1PC prewrite; never persisted. */
    public final boolean useOnePc;

    private Lock(Builder b) {
        this.type = b.type;
        this.primary = b.primary;
        this.startTs = b.startTs;
        this.ttlMs = b.ttlMs;
        this.shortValue = b.shortValue;
        this.forUpdateTs = b.forUpdateTs;
        this.txnSize = b.txnSize;
        this.minCommitTs = b.minCommitTs;
        this.useAsyncCommit = b.useAsyncCommit;
        this.secondaries = List.copyOf(b.secondaries);
        this.rollbackTs = List.copyOf(b.rollbackTs);
        this.useOnePc = b.useOnePc;
    }

    public static Builder builder(LockType type, byte[] primary, long startTs, long ttlMs) {
        Builder b = new Builder();
        b.type = type;
        b.primary = primary;
        b.startTs = startTs;
        b.ttlMs = ttlMs;
        return b;
    }

    public Builder toBuilder() {
        Builder b = builder(type, primary, startTs, ttlMs);
        b.shortValue = shortValue;
        b.forUpdateTs = forUpdateTs;
        b.txnSize = txnSize;
        b.minCommitTs = minCommitTs;
        b.useAsyncCommit = useAsyncCommit;
        b.secondaries = new ArrayList<>(secondaries);
        b.rollbackTs = new ArrayList<>(rollbackTs);
        b.useOnePc = useOnePc;
        return b;
    }

    public boolean isPessimistic() {
        return type == LockType.PESSIMISTIC;
    }

    public boolean isPrimary(byte[] key) {
        return Arrays.equals(primary, key);
    }

    /** TTL counts from the physical part of start_ts, as in TiKV. */
    public boolean isExpired(long currentTs) {
        return Timestamps.physical(startTs) + ttlMs < Timestamps.physical(currentTs);
    }

    public byte[] encode() {
        RecordWriter w = new RecordWriter();
        w.put(type.code).putBytes(primary).putVarLong(startTs).putVarLong(ttlMs);
        if (shortValue != null) {
            w.put(TAG_SHORT_VALUE).putBytes(shortValue);
        }
        if (forUpdateTs != 0) {
            w.put(TAG_FOR_UPDATE_TS).putLong(forUpdateTs);
        }
        if (txnSize != 0) {
            w.put(TAG_TXN_SIZE).putVarLong(txnSize);
        }
        if (minCommitTs != 0) {
            w.put(TAG_MIN_COMMIT_TS).putLong(minCommitTs);
        }
        if (useAsyncCommit) {
            w.put(TAG_ASYNC_COMMIT).putVarLong(secondaries.size());
            for (byte[] s : secondaries) {
                w.putBytes(s);
            }
        }
        if (!rollbackTs.isEmpty()) {
            w.put(TAG_ROLLBACK_TS).putVarLong(rollbackTs.size());
            for (long ts : rollbackTs) {
                w.putLong(ts);
            }
        }
        return w.toBytes();
    }

    public static Lock decode(byte[] bytes) {
        RecordReader r = new RecordReader(bytes);
        Builder b = builder(LockType.of(r.get()), r.getBytes(), r.getVarLong(), r.getVarLong());
        while (r.hasMore()) {
            byte tag = r.get();
            switch (tag) {
                case TAG_SHORT_VALUE -> b.shortValue = r.getBytes();
                case TAG_FOR_UPDATE_TS -> b.forUpdateTs = r.getLong();
                case TAG_TXN_SIZE -> b.txnSize = r.getVarLong();
                case TAG_MIN_COMMIT_TS -> b.minCommitTs = r.getLong();
                case TAG_ASYNC_COMMIT -> {
                    b.useAsyncCommit = true;
                    long n = r.getVarLong();
                    for (long i = 0; i < n; i++) {
                        b.secondaries.add(r.getBytes());
                    }
                }
                case TAG_ROLLBACK_TS -> {
                    long n = r.getVarLong();
                    for (long i = 0; i < n; i++) {
                        b.rollbackTs.add(r.getLong());
                    }
                }
                default -> {
                    return b.build();
                }
            }
        }
        return b.build();
    }

    @Override
    public String toString() {
        return "Lock{" + type + " start=" + startTs + " ttl=" + ttlMs + " forUpdate=" + forUpdateTs + " minCommit="
                + minCommitTs + (useAsyncCommit ? " async(" + secondaries.size() + ")" : "")
                + (useOnePc ? " 1pc" : "") + "}";
    }

    public static final class Builder {
        private LockType type;
        private byte[] primary;
        private long startTs;
        private long ttlMs;
        private byte[] shortValue;
        private long forUpdateTs;
        private long txnSize;
        private long minCommitTs;
        private boolean useAsyncCommit;
        private List<byte[]> secondaries = new ArrayList<>();
        private List<Long> rollbackTs = new ArrayList<>();
        private boolean useOnePc;

        public Builder type(LockType t) {
            this.type = t;
            return this;
        }

        public Builder ttlMs(long v) {
            this.ttlMs = v;
            return this;
        }

        public Builder shortValue(byte[] v) {
            this.shortValue = v;
            return this;
        }

        public Builder forUpdateTs(long v) {
            this.forUpdateTs = v;
            return this;
        }

        public Builder txnSize(long v) {
            this.txnSize = v;
            return this;
        }

        public Builder minCommitTs(long v) {
            this.minCommitTs = v;
            return this;
        }

        public Builder asyncCommit(List<byte[]> secondaries) {
            this.useAsyncCommit = true;
            this.secondaries = new ArrayList<>(secondaries);
            return this;
        }

        public Builder plain() {
            this.useAsyncCommit = false;
            this.secondaries = new ArrayList<>();
            return this;
        }

        public Builder addRollbackTs(long ts) {
            this.rollbackTs.add(ts);
            return this;
        }

        public Builder useOnePc(boolean v) {
            this.useOnePc = v;
            return this;
        }

        public Lock build() {
            return new Lock(this);
        }
    }
}
