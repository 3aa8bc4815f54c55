package io.basalt.storage.error;

/** A key exceeds the configured maximum key length. */
public class KeyTooLargeException extends StorageException {
    public KeyTooLargeException(int length, int max) {
        super("key of " + length + " bytes exceeds the maximum of " + max);
    }
}
