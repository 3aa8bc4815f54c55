package io.basalt.sql.txn;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.storage.error.DiskErrorException;
import io.basalt.storage.error.KeyTooLargeException;
import io.basalt.storage.error.LockWaitTimeoutException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.error.StoreClosedException;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.error.TxnTooLargeException;
import io.basalt.storage.error.UndeterminedResultException;

/**
 * Maps storage failures to the MySQL errors clients and sysbench expect (DESIGN.md §5). Duplicate keys are mapped by
 * the DML layer, which knows the table and index; one that escapes to here (found at commit) is mapped generically.
 */
public final class StorageErrors {
    private StorageErrors() {
    }

    public static MySqlException toMySql(StorageException e) {
        if (e instanceof TransactionAbortedException) {
            return new MySqlException(e, ErrorCode.LOCK_DEADLOCK);
        }
        if (e instanceof LockWaitTimeoutException) {
            return new MySqlException(e, ErrorCode.LOCK_WAIT_TIMEOUT);
        }
        if (e instanceof TxnTooLargeException) {
            return new MySqlException(e, ErrorCode.UNKNOWN_ERROR, "Transaction is too large: " + e.getMessage());
        }
        if (e instanceof KeyTooLargeException) {
            return new MySqlException(e, ErrorCode.TOO_LONG_KEY, 4096);
        }
        if (e instanceof StoreClosedException) {
            return new MySqlException(1053, "08S01", "Server shutdown in progress", e);
        }
        if (e instanceof UndeterminedResultException) {
            return new MySqlException(e, ErrorCode.UNDETERMINED_RESULT, e.getMessage());
        }
        if (e instanceof DiskErrorException) {
            return new MySqlException(e, ErrorCode.UNKNOWN_ERROR, "Storage I/O error: " + e.getMessage());
        }
        return new MySqlException(e, ErrorCode.UNKNOWN_ERROR, e.getMessage());
    }
}
