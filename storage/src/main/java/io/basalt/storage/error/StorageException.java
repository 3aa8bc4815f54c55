package io.basalt.storage.error;

/** Base of every error the storage engine reports to its callers. */
public class StorageException extends RuntimeException {
    public StorageException(String message) {
        super(message);
    }

    public StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
