package io.basalt.storage.mvcc;

/** A write record with the timestamp of its key (commit_ts, or start_ts for rollbacks). */
public record VersionedWrite(long commitTs, Write write) {
}
