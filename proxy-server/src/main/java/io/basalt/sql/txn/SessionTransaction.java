package io.basalt.sql.txn;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Session;
import io.basalt.session.TransactionStatus;
import io.basalt.sql.binlog.RowLog;
import io.basalt.sql.binlog.TransactionBinlog;
import io.basalt.sql.catalog.MetadataLocks;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.TimeZones;
import io.basalt.storage.TxnStore;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.error.UndeterminedResultException;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnOptions;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's transaction as MySQL defines it: explicit (BEGIN / START TRANSACTION), implicit under autocommit=0
 * (opened by the first statement, closed by COMMIT/ROLLBACK or an implicitly committing statement), or one
 * statement long under autocommit=1. Statement atomicity uses storage savepoints; a 1213 (conflict, deadlock) rolls
 * the whole transaction back, a 1205 only the statement, as InnoDB does. A data-changing autocommit statement in a
 * pessimistic session may run optimistically (DESIGN.md §3.6, TiDB's default for autocommit statements): it takes no
 * pessimistic locks, and a conflict at its commit is reported as {@link OptimisticStatementConflict} so the engine
 * runs it again, pessimistically. With a binlog, the rows the transaction
 * changed are logged to its {@link TransactionBinlog} and passed to storage as the commit's payload; undoing a
 * statement or rolling back to a savepoint drops their events too.
 *
 * <p>Owned by the session's worker thread; {@link #close} may run on another thread only after the connection's
 * commands have stopped.
 */
public final class SessionTransaction {
    private static final Logger LOG = LoggerFactory.getLogger(SessionTransaction.class);

    private final TxnStore store;
    private final Session session;
    /** Null without a binary log. */
    private final TransactionBinlog binlog;
    /** Storage savepoint → binlog cache position at that moment. */
    private final Map<Integer, Long> binlogAtSavepoint = new HashMap<>();
    /** Shared metadata locks of the tables this transaction wrote, held until it ends (MySQL's MDL). */
    private final Map<String, MetadataLocks.Lease> tableLocks = new HashMap<>();
    private Transaction txn;
    private boolean explicit;
    private boolean readOnly;
    /** The open transaction is an autocommit statement running optimistically in a pessimistic session. */
    private boolean optimisticStatement;
    /** READ COMMITTED, fixed when the transaction starts: every later statement reads a fresh snapshot. */
    private boolean readCommitted;
    /** SET TRANSACTION without GLOBAL/SESSION: the next transaction's isolation level; null = the session's. */
    private String nextIsolation;
    /** Likewise its access mode. */
    private Boolean nextReadOnly;

    public SessionTransaction(TxnStore store, Session session) {
        this(store, session, null);
    }

    /** @param binlog the session's binlog, null when binary logging is off */
    public SessionTransaction(TxnStore store, Session session, TransactionBinlog binlog) {
        this.store = store;
        this.session = session;
        this.binlog = binlog;
    }

    /** True while an explicit or autocommit=0 transaction is open. */
    public boolean isOpen() {
        return txn != null;
    }

    public boolean isReadOnly() {
        return txn != null && readOnly;
    }

    /**
     * Characteristics for the next transaction only (SET TRANSACTION without GLOBAL/SESSION, and SET SESSION
     * TRANSACTION, which replaces a pending one); null arguments leave that characteristic as it is. Transactions
     * after the next one use the session's variables again.
     *
     * @param isolationLevel READ-COMMITTED, REPEATABLE-READ, ...
     */
    public void setNextTransaction(String isolationLevel, Boolean readOnly) {
        if (isolationLevel != null) {
            nextIsolation = isolationLevel;
        }
        if (readOnly != null) {
            nextReadOnly = readOnly;
        }
    }

    /** BEGIN / START TRANSACTION: commits an open transaction first (MySQL's implicit commit). */
    public void begin(TransactionCharacteristics chars) {
        commit();
        txn = startStorageTxn(chars, false);
        explicit = true;
        publishStatus();
    }

    /**
     * The transaction a statement runs in, opening one when none is open. Under autocommit=1 outside an explicit
     * transaction the caller must end it with {@link #endStatement}.
     */
    public Transaction forStatement() {
        return open(false);
    }

    private Transaction open(boolean optimisticAutocommit) {
        if (txn == null) {
            explicit = false;
            txn = startStorageTxn(TransactionCharacteristics.DEFAULT, optimisticAutocommit);
            publishStatus();
        }
        return txn;
    }

    /**
     * Whether COMMIT, ROLLBACK or BEGIN's implicit commit can end what is open without waiting: nothing is open, or
     * the transaction holds no writes, row locks or binlog cache file (a read-only one).
     */
    public boolean endsWithoutWaiting() {
        return txn == null || txn.holdsNothing() && (binlog == null || !binlog.onDisk());
    }

    /** True when the next statement runs as its own transaction: autocommit=1 and no transaction open. */
    public boolean nextStatementIsAutocommit() {
        return txn == null && session.variables().autocommit();
    }

    /** True when the statement's transaction commits at the statement's end (autocommit=1, nothing explicit). */
    public boolean autocommitStatement() {
        return !explicit && session.variables().autocommit();
    }

    /**
     * Marks a statement start inside the current transaction.
     *
     * @param optimisticAutocommit run the statement optimistically; only for a data-changing statement for which
     *                             {@link #nextStatementIsAutocommit} holds and whose caller runs it again on
     *                             {@link OptimisticStatementConflict}
     */
    public int statementSavepoint(boolean optimisticAutocommit) {
        boolean continuing = txn != null;
        Transaction t = open(optimisticAutocommit);
        if (continuing && readCommitted) {
            t.refreshReadSnapshot();
        }
        if (binlog != null) {
            binlog.markStatement();
        }
        return t.savepoint();
    }

    /**
     * The row log of the data statement that just took its {@link #statementSavepoint}: the binlog, unless it is
     * off or the session set sql_log_bin=0.
     *
     * @param sql the statement's text, for Annotate_rows
     */
    public RowLog rowLog(String sql) {
        SessionVariables vars = session.variables();
        if (binlog == null || vars.getLong("sql_log_bin") == 0) {
            return RowLog.NONE;
        }
        Object fixed = vars.get("timestamp");
        long timestamp = fixed instanceof Number n && n.longValue() > 0 ? n.longValue()
                : Instant.now().getEpochSecond();
        return binlog.startStatement(sql, timestamp, TimeZones.zone(vars.getString("time_zone"), ZoneOffset.UTC),
                vars.getLong("binlog_annotate_row_events") != 0, vars.getString("binlog_row_metadata"));
    }

    /** SAVEPOINT: a storage savepoint in the open transaction, remembering the binlog position with it. */
    public int savepoint() {
        int sp = forStatement().savepoint();
        if (binlog != null) {
            binlogAtSavepoint.put(sp, binlog.position());
        }
        return sp;
    }

    /** ROLLBACK TO SAVEPOINT: undoes the writes and the binlog events after {@code savepoint}. */
    public void rollbackToSavepoint(int savepoint) {
        forStatement().rollbackToSavepoint(savepoint);
        Long position = binlogAtSavepoint.get(savepoint);
        if (binlog != null && position != null) {
            binlog.truncate(position);
        }
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
            if (binlog != null) {
                binlog.endStatement();
            }
            if (autocommitStatement()) {
                commit();
            }
            return;
        }
        if (failure.code() == ErrorCode.LOCK_DEADLOCK.code()) {
            rollback();
        } else {
            retractStatement(savepoint);
        }
    }

    /**
     * Undoes a statement that failed, or that stopped because it would have waited and runs again on another thread:
     * its writes go, and so does its transaction when it was the statement's own (autocommit) or can go no further.
     */
    public void retractStatement(int savepoint) {
        if (txn == null) {
            return;
        }
        if (autocommitStatement() || txn.state() != Transaction.State.ACTIVE) {
            rollback();
            return;
        }
        try {
            txn.rollbackToSavepoint(savepoint);
            if (binlog != null) {
                binlog.abortStatement();
            }
        } catch (StorageException e) {
            rollback();
        }
    }

    /**
     * Takes the shared metadata lock of a table the transaction is about to write, once per transaction; it is held
     * until the transaction ends, so a DDL on the table (which takes it exclusively) waits for the commit and the
     * binlog never holds the DDL's Query event before rows the transaction wrote with the table's old definition.
     *
     * @throws io.basalt.protocol.error.MySqlException 1205 after {@code timeoutMs} behind a DDL
     */
    public void lockTable(MetadataLocks locks, String database, String table, long timeoutMs) {
        String key = database + '\0' + table;
        if (!tableLocks.containsKey(key)) {
            tableLocks.put(key, locks.shared(database, table, timeoutMs));
        }
    }

    /** Releases the metadata locks when no transaction holds them (a statement that failed before it opened one). */
    public void releaseTableLocksIfIdle() {
        if (txn == null) {
            releaseTableLocks();
        }
    }

    /**
     * {@link #endStatement} of a successful autocommit data statement on a thread that must not wait: its transaction
     * is committed by storage's commit writer, and the returned commit is finished on this session's thread once it is
     * durable.
     *
     * @throws WouldBlockException the commit would wait (a 2PC, a lock or latch met, a spilled binlog cache, a
     *                             failure to report); nothing changed, and the caller retracts the statement
     */
    public PendingCommit endStatementWithoutWaiting() {
        if (txn == null || !autocommitStatement()) {
            throw new IllegalStateException("not an autocommit statement's transaction");
        }
        return commitWithoutWaiting();
    }

    /**
     * {@link #commit} of the open transaction on a thread that must not wait, as {@link #endStatementWithoutWaiting}.
     *
     * @throws WouldBlockException as there; nothing changed, and the caller commits on a thread that may wait
     */
    public PendingCommit commitWithoutWaiting() {
        if (txn == null) {
            throw new IllegalStateException("no open transaction");
        }
        if (binlog != null && binlog.onDisk()) {
            NoWaitScope.refuse("sealing a binlog cache file");
        }
        CompletableFuture<Long> durable = txn.commitWithoutWaiting(binlog == null ? null : binlog.payload());
        Transaction t = txn;
        boolean optimistic = optimisticStatement;
        detach();
        return new PendingCommit(durable, () -> settle(t, optimistic, () -> {
            try {
                durable.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }));
    }

    /** COMMIT (also implicit commits). No-op without an open transaction. */
    public void commit() {
        if (txn == null) {
            releaseTableLocks();
            return;
        }
        Transaction t = txn;
        boolean optimistic = optimisticStatement;
        detach();
        settle(t, optimistic, () -> t.commit(binlog == null ? null : binlog.payload()));
    }

    /** The session's transaction is over for the session (it may still be committing). */
    private void detach() {
        txn = null;
        optimisticStatement = false;
        binlogAtSavepoint.clear();
        publishStatus();
    }

    /**
     * Runs {@code commit} of the detached {@code t} and does what follows it: the binlog cache reset (or kept, when
     * the outcome is unknown), errors turned into MySQL's, the metadata locks released.
     */
    private void settle(Transaction t, boolean optimistic, Runnable commit) {
        try {
            commit.run();
            resetBinlog();
        } catch (UndeterminedResultException e) {
            t.close();
            if (binlog != null) {
                binlog.abandon();
            }
            throw StorageErrors.toMySql(e);
        } catch (StorageException e) {
            t.close();
            resetBinlog();
            if (optimistic && (e instanceof TransactionAbortedException || e instanceof DuplicateKeyException)) {
                LOG.debug("autocommit statement runs again with pessimistic locks: {}", e.getMessage());
                throw new OptimisticStatementConflict(e);
            }
            throw StorageErrors.toMySql(e);
        } catch (RuntimeException e) {
            if (binlog != null) {
                binlog.abandon(); // outcome unknown, as for UndeterminedResultException
            }
            throw e;
        } finally {
            // only after the commit and its binlog group: a waiting DDL must come after both
            releaseTableLocks();
        }
    }

    /** ROLLBACK. No-op without an open transaction. */
    public void rollback() {
        if (txn == null) {
            releaseTableLocks();
            return;
        }
        Transaction t = txn;
        txn = null;
        optimisticStatement = false;
        binlogAtSavepoint.clear();
        resetBinlog();
        publishStatus();
        try {
            // on an event loop (a statement failed there) storage finishes what would wait on a thread of its own
            t.rollback();
        } catch (StorageException e) {
            // as for any rollback that could not finish, lock resolution removes what is left
            LOG.warn("rollback of txn {} incomplete; lock resolution will finish it: {}", t.startTs(), e.toString());
            t.close();
        } finally {
            releaseTableLocks();
        }
    }

    /** The session is gone: roll back whatever is open and release the binlog cache. */
    public void close() {
        rollback();
        if (binlog != null) {
            binlog.close();
        }
    }

    private void releaseTableLocks() {
        tableLocks.values().forEach(MetadataLocks.Lease::close);
        tableLocks.clear();
    }

    private void resetBinlog() {
        if (binlog != null) {
            binlog.reset();
        }
    }

    /**
     * Starts the storage transaction and fixes the characteristics, using up those set for this one only.
     *
     * @param optimisticAutocommit run optimistically even in a pessimistic session (an autocommit statement)
     */
    private Transaction startStorageTxn(TransactionCharacteristics chars, boolean optimisticAutocommit) {
        SessionVariables vars = session.variables();
        boolean pessimistic = chars.pessimistic() != null ? chars.pessimistic()
                : "PESSIMISTIC".equals(vars.getString("tidb_txn_mode"));
        optimisticStatement = optimisticAutocommit && pessimistic;
        pessimistic &= !optimisticStatement;
        readOnly = chars.readOnly()
                || (nextReadOnly != null ? nextReadOnly : vars.getLong("transaction_read_only") != 0);
        readCommitted = "READ-COMMITTED".equals(
                nextIsolation != null ? nextIsolation : vars.getString("transaction_isolation"));
        nextIsolation = null;
        nextReadOnly = null;
        TxnOptions options = store.defaultOptions()
                .withPessimistic(pessimistic)
                .withAsyncCommit(vars.getLong("tidb_enable_async_commit") != 0)
                .withOnePc(vars.getLong("tidb_enable_1pc") != 0)
                .withCausalConsistencyOnly(chars.causalConsistencyOnly())
                .withLockWaitTimeoutMs(vars.getLong("innodb_lock_wait_timeout") * 1000L)
                .withWaitForLocks(!optimisticStatement); // the run with pessimistic locks waits
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
