package io.basalt.storage.error;

/** RocksDB reported an I/O or engine error; the operation's outcome is what the message says. */
public class DiskErrorException extends StorageException {
    public DiskErrorException(String message, Throwable cause) {
        super(message, cause);
    }
}
