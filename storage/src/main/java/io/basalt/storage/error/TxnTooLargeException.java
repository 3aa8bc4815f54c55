package io.basalt.storage.error;

/** The transaction exceeds the configured size limit (MySQL 1105 / 8004 in TiDB). */
public class TxnTooLargeException extends StorageException {
    public TxnTooLargeException(String message) {
        super(message);
    }
}
