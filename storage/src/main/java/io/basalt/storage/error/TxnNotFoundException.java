package io.basalt.storage.error;

/** check_txn_status found no lock and no record of the transaction (its primary may not be prewritten yet). */
public class TxnNotFoundException extends StorageException {
    public TxnNotFoundException(long startTs) {
        super("transaction " + startTs + " not found");
    }
}
