package io.basalt.storage.action;

/**
 * @param minCommitTs      async commit: max per-key min_commit_ts of the batch; 0 = fell back to 2PC
 * @param onePcCommitTs    1PC: the commit ts the batch was committed at; 0 = no 1PC
 * @param alreadyCommitted a retried prewrite found the transaction already committed
 * @param lockMinCommitTs  the largest min_commit_ts of the async locks this batch left, even when a later key fell
 *                         back (minCommitTs 0): a 2PC finish must commit at or above it
 */
public record PrewriteResult(long minCommitTs, long onePcCommitTs, boolean alreadyCommitted, long lockMinCommitTs) {
    static final PrewriteResult ALREADY_COMMITTED = new PrewriteResult(0, 0, true, 0);
}
