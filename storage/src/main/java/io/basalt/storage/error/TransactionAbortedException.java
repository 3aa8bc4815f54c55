package io.basalt.storage.error;

/** The whole transaction was rolled back and may be retried by the client (MySQL 1213). */
public class TransactionAbortedException extends StorageException {
    public TransactionAbortedException(String message) {
        super(message);
    }
}
