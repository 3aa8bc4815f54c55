package io.basalt.storage.error;

/** Prewrite of a pessimistic transaction found its pessimistic lock gone and a newer write in its place. */
public class PessimisticLockNotFoundException extends TxnRolledBackException {
    public PessimisticLockNotFoundException(long startTs) {
        super("pessimistic lock of transaction " + startTs + " not found");
    }
}
