package io.basalt.storage.error;

/** A record or key on disk could not be decoded; never ignored. */
public class StorageCorruptionException extends StorageException {
    public StorageCorruptionException(String message) {
        super(message);
    }
}
