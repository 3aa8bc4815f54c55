package io.basalt.storage.pipeline;

/** A point in the sink's (commitTs, startTs) order; {@link #ZERO} precedes every transaction. */
public record SinkPosition(long commitTs, long startTs) implements Comparable<SinkPosition> {
    public static final SinkPosition ZERO = new SinkPosition(0, 0);

    @Override
    public int compareTo(SinkPosition o) {
        int c = Long.compare(commitTs, o.commitTs);
        return c != 0 ? c : Long.compare(startTs, o.startTs);
    }
}
