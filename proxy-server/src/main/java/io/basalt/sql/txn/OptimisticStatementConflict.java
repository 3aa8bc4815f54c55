package io.basalt.sql.txn;

import io.basalt.storage.error.StorageException;

/**
 * The commit of an autocommit statement that ran optimistically failed on a write conflict, a deadlock, or a
 * duplicate key that an optimistic run only finds at commit. Nothing was committed and nothing was sent to the
 * client, so the engine runs the statement again with pessimistic locks; this never reaches a client.
 */
public final class OptimisticStatementConflict extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OptimisticStatementConflict(StorageException cause) {
        super(cause.getMessage(), cause, false, false);
    }
}
