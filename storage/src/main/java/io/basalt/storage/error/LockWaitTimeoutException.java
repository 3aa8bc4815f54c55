package io.basalt.storage.error;

/** A lock could not be acquired within innodb_lock_wait_timeout (MySQL 1205); only the statement fails. */
public class LockWaitTimeoutException extends StorageException {
    public LockWaitTimeoutException(long startTs, long waitedMs) {
        super("lock wait timeout exceeded after " + waitedMs + " ms (txn " + startTs + ")");
    }
}
