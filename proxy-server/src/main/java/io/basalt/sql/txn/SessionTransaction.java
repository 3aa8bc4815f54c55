package io.basalt.sql.txn;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Session;
import io.basalt.session.TransactionStatus;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.storage.TxnStore;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnOptions;

/**
 * A session's transaction as MySQL defines it: explicit (BEGIN / START TRANSACTION), implicit under autocommit=0
 * (opened by the first statement, closed by COMMIT/ROLLBACK or an implicitly committing statement), or one
 * statement long under autocommit=1. Statement atomicity uses storage savepoints; a 1213 (conflict, deadlock) rolls
 * the whole transaction back, a 1205 only the statement, as InnoDB does.
 *
 * <p>Owned by the session's worker thread; {@link #close} may run on another thread only after the connection's
 * commands have stopped.
 */
public final class SessionTransaction {
    private final TxnStore store;
    private final Session session;
    private Transaction txn;
    private boolean explicit;
    private boolean readOnly;
    /** READ COMMITTED, fixed when the transaction starts: every later statement reads a fresh snapshot. */
    private boolean readCommitted;

    public SessionTransaction(TxnStore store, Session session) {
        this.store = store;
        this.session = session;
    }

    /** True while an explicit or autocommit=0 transaction is open. */
    public boolean isOpen() {
        return txn != null;
    }

    public boolean isReadOnly() {
        return txn != null && readOnly;
    }

    /** BEGIN / START TRANSACTION: commits an open transaction first (MySQL's implicit commit). */
    public void begin(TransactionCharacteristics chars) {
        commit();
        readOnly = chars.readOnly() || session.variables().getLong("transaction_read_only") != 0;
        txn = startStorageTxn(chars);
        explicit = true;
        publishStatus();
    }

    /**
     * The transaction a statement runs in, opening one when none is open. Under autocommit=1 outside an explicit
     * transaction the caller must end it with {@link #endStatement}.
     */
    public Transaction forStatement() {
        if (txn == null) {
            readOnly = session.variables().getLong("transaction_read_only") != 0;
            txn = startStorageTxn(TransactionCharacteristics.DEFAULT);
            explicit = false;
            publishStatus();
        }
        return txn;
    }

    /** True when the statement's transaction commits at the statement's end (autocommit=1, nothing explicit). */
    public boolean autocommitStatement() {
        return !explicit && session.variables().autocommit();
    }

    /** Marks a statement start inside the current transaction. */
    public int statementSavepoint() {
        boolean continuing = txn != null;
        Transaction t = forStatement();
        if (continuing && readCommitted) {
            t.refreshReadSnapshot();
        }
        return t.savepoint();
    }

    /**
     * Ends a statement: on success an autocommit statement commits; on failure its writes are undone (the whole
     * transaction for a 1213, which the storage layer has already aborted).
     */
    public void endStatement(int savepoint, MySqlException failure) {
        if (txn == null) {
            return;
        }
        if (failure == null) {
            if (autocommitStatement()) {
                commit();
            }
            return;
        }
        if (failure.code() == ErrorCode.LOCK_DEADLOCK.code() || autocommitStatement()
                || txn.state() != Transaction.State.ACTIVE) {
            rollback();
        } else {
            try {
                txn.rollbackToSavepoint(savepoint);
            } catch (StorageException e) {
                rollback();
            }
        }
    }

    /** COMMIT (also implicit commits). No-op without an open transaction. */
    public void commit() {
        if (txn == null) {
            return;
        }
        Transaction t = txn;
        txn = null;
        publishStatus();
        try {
            t.commit(null);
        } catch (StorageException e) {
            t.close();
            throw StorageErrors.toMySql(e);
        }
    }

    /** ROLLBACK. No-op without an open transaction. */
    public void rollback() {
        if (txn == null) {
            return;
        }
        Transaction t = txn;
        txn = null;
        publishStatus();
        try {
            t.rollback();
        } catch (StorageException e) {
            t.close();
        }
    }

    /** The session is gone: roll back whatever is open. */
    public void close() {
        rollback();
    }

    private Transaction startStorageTxn(TransactionCharacteristics chars) {
        SessionVariables vars = session.variables();
        boolean pessimistic = chars.pessimistic() != null ? chars.pessimistic()
                : "PESSIMISTIC".equals(vars.getString("tidb_txn_mode"));
        readCommitted = "READ-COMMITTED".equals(vars.getString("transaction_isolation"));
        TxnOptions options = store.defaultOptions()
                .withPessimistic(pessimistic)
                .withAsyncCommit(vars.getLong("tidb_enable_async_commit") != 0)
                .withOnePc(vars.getLong("tidb_enable_1pc") != 0)
                .withCausalConsistencyOnly(chars.causalConsistencyOnly())
                .withLockWaitTimeoutMs(vars.getLong("innodb_lock_wait_timeout") * 1000L);
        try {
            return store.begin(options);
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
    }

    private void publishStatus() {
        if (txn == null) {
            session.setTransactionStatus(TransactionStatus.NONE);
        } else if (explicit || !session.variables().autocommit()) {
            session.setTransactionStatus(readOnly ? TransactionStatus.READ_ONLY : TransactionStatus.READ_WRITE);
        } else {
            session.setTransactionStatus(TransactionStatus.NONE);
        }
    }
}
