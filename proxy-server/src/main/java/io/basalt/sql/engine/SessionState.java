package io.basalt.sql.engine;

import io.basalt.session.Session;
import io.basalt.sql.binlog.SqlBinlog;
import io.basalt.sql.catalog.AutoIncrementAllocator;
import io.basalt.sql.dml.AutoIncrementReplay;
import io.basalt.sql.txn.SessionTransaction;
import io.basalt.storage.TxnStore;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The engine's per-session state: the transaction, named savepoints and the current statement's AUTO_INCREMENT
 * values. Owned by the thread running the session's statement.
 */
final class SessionState {
    final SessionTransaction txn;
    /** SAVEPOINT name → storage savepoint, in creation order (ROLLBACK TO drops later ones, as MySQL does). */
    final Map<String, Integer> savepoints = new LinkedHashMap<>();
    final AutoIncrementReplay autoIncrement;

    SessionState(TxnStore store, Session session, SqlBinlog binlog, AutoIncrementAllocator allocator) {
        this.txn = new SessionTransaction(store, session, binlog.newTransactionLog());
        this.autoIncrement = new AutoIncrementReplay(allocator);
    }

    static SessionState of(Session session, TxnStore store, SqlBinlog binlog, AutoIncrementAllocator allocator) {
        SessionState s = session.engineState();
        if (s == null) {
            s = new SessionState(store, session, binlog, allocator);
            session.setEngineState(s);
        }
        return s;
    }
}
