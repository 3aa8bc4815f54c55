package io.basalt.storage.error;

/** An insert-if-not-exists found a live value (MySQL 1062). */
public class DuplicateKeyException extends StorageException {
    public final byte[] key;

    public DuplicateKeyException(byte[] key) {
        super("duplicate key");
        this.key = key;
    }
}
