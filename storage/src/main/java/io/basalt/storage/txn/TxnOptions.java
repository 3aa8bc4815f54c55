package io.basalt.storage.txn;

import io.basalt.storage.config.StoreConfig;

/**
 * How one transaction behaves; the SQL layer fills it from session variables (tidb_enable_async_commit,
 * tidb_enable_1pc, innodb_lock_wait_timeout, START TRANSACTION options).
 */
public record TxnOptions(boolean pessimistic, boolean asyncCommit, boolean onePc, boolean causalConsistencyOnly,
                         long lockWaitTimeoutMs) {

    public static TxnOptions defaults(StoreConfig cfg) {
        return new TxnOptions(true, cfg.enableAsyncCommit, cfg.enableOnePc, false, cfg.lockWaitTimeoutMs);
    }

    public TxnOptions withPessimistic(boolean v) {
        return new TxnOptions(v, asyncCommit, onePc, causalConsistencyOnly, lockWaitTimeoutMs);
    }

    public TxnOptions withAsyncCommit(boolean v) {
        return new TxnOptions(pessimistic, v, onePc, causalConsistencyOnly, lockWaitTimeoutMs);
    }

    public TxnOptions withOnePc(boolean v) {
        return new TxnOptions(pessimistic, asyncCommit, v, causalConsistencyOnly, lockWaitTimeoutMs);
    }

    public TxnOptions withCausalConsistencyOnly(boolean v) {
        return new TxnOptions(pessimistic, asyncCommit, onePc, v, lockWaitTimeoutMs);
    }

    public TxnOptions withLockWaitTimeoutMs(long v) {
        return new TxnOptions(pessimistic, asyncCommit, onePc, causalConsistencyOnly, v);
    }
}
