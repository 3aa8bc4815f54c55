package io.basalt.storage.error;

/** The commit may or may not have happened (e.g. the disk failed mid-commit); the client must not assume either. */
public class UndeterminedResultException extends StorageException {
    public UndeterminedResultException(String message, Throwable cause) {
        super(message, cause);
    }
}
