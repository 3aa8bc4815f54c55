package io.basalt.storage.tso;

/** Hybrid timestamps: {@code physical_ms << 18 | logical}. */
public final class Timestamps {
    public static final int LOGICAL_BITS = 18;
    public static final long MAX_LOGICAL = (1L << LOGICAL_BITS) - 1;

    private Timestamps() {
    }

    public static long compose(long physicalMs, long logical) {
        return (physicalMs << LOGICAL_BITS) | logical;
    }

    public static long physical(long ts) {
        return ts >>> LOGICAL_BITS;
    }

    public static long logical(long ts) {
        return ts & MAX_LOGICAL;
    }
}
