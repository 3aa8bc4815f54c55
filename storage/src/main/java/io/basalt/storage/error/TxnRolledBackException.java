package io.basalt.storage.error;

/** The transaction was rolled back by a lock resolver or lost its locks before it could commit. */
public class TxnRolledBackException extends TransactionAbortedException {
    public TxnRolledBackException(String message) {
        super(message);
    }
}
