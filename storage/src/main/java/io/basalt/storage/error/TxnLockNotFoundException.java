package io.basalt.storage.error;

/** Commit found neither the transaction's lock nor its commit record: it was rolled back by someone else. */
public class TxnLockNotFoundException extends TxnRolledBackException {
    public TxnLockNotFoundException(long startTs) {
        super("transaction " + startTs + " was rolled back by a lock resolver");
    }
}
