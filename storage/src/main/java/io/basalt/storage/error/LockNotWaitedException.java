package io.basalt.storage.error;

/**
 * A transaction that must not wait for locks ({@code TxnOptions.waitForLocks} false) met a running transaction's
 * lock in its prewrite; it is rolled back (MySQL 1213 if it reaches a client).
 */
public class LockNotWaitedException extends TransactionAbortedException {
    public LockNotWaitedException(long startTs, long lockOwnerStartTs) {
        super("key locked by running transaction " + lockOwnerStartTs + "; transaction " + startTs
                + " does not wait for locks");
    }
}
