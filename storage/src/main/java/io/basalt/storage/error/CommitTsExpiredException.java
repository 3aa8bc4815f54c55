package io.basalt.storage.error;

/** commit_ts is below the lock's min_commit_ts (a reader pushed it); fetch a new commit_ts and retry. */
public class CommitTsExpiredException extends StorageException {
    public final long minCommitTs;

    public CommitTsExpiredException(long commitTs, long minCommitTs) {
        super("commit ts " + commitTs + " below min_commit_ts " + minCommitTs);
        this.minCommitTs = minCommitTs;
    }
}
