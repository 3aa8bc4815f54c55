package io.basalt.storage.txn;

import io.basalt.storage.config.StoreConfig;

/**
 * How one transaction behaves; the SQL layer fills it from session variables (tidb_enable_async_commit,
 * tidb_enable_1pc, innodb_lock_wait_timeout, START TRANSACTION options).
 *
 * @param waitForLocks false: a prewrite that meets a running transaction's lock fails with
 *                     {@link io.basalt.storage.error.LockNotWaitedException} instead of waiting. For an optimistic
 *                     statement that its caller runs again with pessimistic locks: waiting while it holds its own
 *                     prewrite locks can deadlock with the lock's owner, which may be waiting for those.
 */
public record TxnOptions(boolean pessimistic, boolean asyncCommit, boolean onePc, boolean causalConsistencyOnly,
                         long lockWaitTimeoutMs, boolean waitForLocks) {

    public static TxnOptions defaults(StoreConfig cfg) {
        return new TxnOptions(true, cfg.enableAsyncCommit, cfg.enableOnePc, false, cfg.lockWaitTimeoutMs, true);
    }

    public TxnOptions withPessimistic(boolean v) {
        return new TxnOptions(v, asyncCommit, onePc, causalConsistencyOnly, lockWaitTimeoutMs, waitForLocks);
    }

    public TxnOptions withAsyncCommit(boolean v) {
        return new TxnOptions(pessimistic, v, onePc, causalConsistencyOnly, lockWaitTimeoutMs, waitForLocks);
    }

    public TxnOptions withOnePc(boolean v) {
        return new TxnOptions(pessimistic, asyncCommit, v, causalConsistencyOnly, lockWaitTimeoutMs, waitForLocks);
    }

    public TxnOptions withCausalConsistencyOnly(boolean v) {
        return new TxnOptions(pessimistic, asyncCommit, onePc, v, lockWaitTimeoutMs, waitForLocks);
    }

    public TxnOptions withLockWaitTimeoutMs(long v) {
        return new TxnOptions(pessimistic, asyncCommit, onePc, causalConsistencyOnly, v, waitForLocks);
    }

    public TxnOptions withWaitForLocks(boolean v) {
        return new TxnOptions(pessimistic, asyncCommit, onePc, causalConsistencyOnly, lockWaitTimeoutMs, v);
    }
}
