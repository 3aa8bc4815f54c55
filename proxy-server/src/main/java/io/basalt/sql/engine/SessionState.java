package io.basalt.sql.engine;

import io.basalt.session.Session;
import io.basalt.sql.binlog.SqlBinlog;
import io.basalt.sql.txn.SessionTransaction;
import io.basalt.storage.TxnStore;

import java.util.LinkedHashMap;
import java.util.Map;

/** The engine's per-session state: the transaction and named savepoints. Owned by the session's worker thread. */
final class SessionState {
    final SessionTransaction txn;
    /** SAVEPOINT name → storage savepoint, in creation order (ROLLBACK TO drops later ones, as MySQL does). */
    final Map<String, Integer> savepoints = new LinkedHashMap<>();

    SessionState(TxnStore store, Session session, SqlBinlog binlog) {
        this.txn = new SessionTransaction(store, session, binlog.newTransactionLog());
    }

    static SessionState of(Session session, TxnStore store, SqlBinlog binlog) {
        SessionState s = session.engineState();
        if (s == null) {
            s = new SessionState(store, session, binlog);
            session.setEngineState(s);
        }
        return s;
    }
}
