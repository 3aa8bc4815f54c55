package io.basalt.storage.error;

/** The store is closed or closing; the operation did not happen. */
public class StoreClosedException extends StorageException {
    public StoreClosedException() {
        super("storage engine is closed");
    }
}
