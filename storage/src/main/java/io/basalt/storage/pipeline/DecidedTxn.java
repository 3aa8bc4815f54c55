package io.basalt.storage.pipeline;

/** A committed transaction on its way to the sink: ordered by (commitTs, startTs). */
public record DecidedTxn(long startTs, long commitTs, CommitPath path, byte[] payload)
        implements Comparable<DecidedTxn> {
    @Override
    public int compareTo(DecidedTxn o) {
        int c = Long.compare(commitTs, o.commitTs);
        return c != 0 ? c : Long.compare(startTs, o.startTs);
    }

    public SinkPosition position() {
        return new SinkPosition(commitTs, startTs);
    }
}
