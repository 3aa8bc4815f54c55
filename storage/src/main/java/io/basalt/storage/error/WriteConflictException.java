package io.basalt.storage.error;

/** Another transaction committed a newer version of a key this one writes (MySQL 1213). */
public class WriteConflictException extends TransactionAbortedException {
    public final long startTs;
    public final long conflictCommitTs;

    public WriteConflictException(long startTs, long conflictCommitTs, String what) {
        super("write conflict: " + what + " (txn " + startTs + ", conflicting commit " + conflictCommitTs + ")");
        this.startTs = startTs;
        this.conflictCommitTs = conflictCommitTs;
    }
}
