package io.basalt.sql.engine;

import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.session.SessionRegistry;
import io.basalt.sql.binlog.SqlBinlog;
import io.basalt.sql.catalog.Catalog;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.StatusCounters;
import io.basalt.sql.sysvar.SystemVariables;
import io.basalt.storage.TxnStore;
import io.basalt.storage.binlog.BinlogService;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.testing.StoreFixture;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** An in-process engine over a fresh store, with sessions and a result sink that records what it gets. */
final class EngineFixture implements AutoCloseable {
    final TxnStore store;
    final Catalog catalog;
    final SystemVariables globals = SystemVariables.withDefaults();
    final SessionRegistry sessions = new SessionRegistry();
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final BasaltSqlEngine engine;

    EngineFixture(Path dir) {
        this(dir, FaultInjector.NONE);
    }

    /** An engine without a binlog whose store calls {@code faults} at its fault points. */
    EngineFixture(Path dir, FaultInjector faults) {
        store = StoreFixture.open(StoreFixture.config(dir), null, faults);
        catalog = Catalog.open(store, meters);
        engine = new BasaltSqlEngine(store, catalog, globals, sessions, meters, "10.11.99-Basalt-MariaDB");
    }

    /** An engine whose store commits through {@code binlog} (opened by the caller, closed after this fixture). */
    EngineFixture(Path dir, BinlogService binlog) {
        store = StoreFixture.open(StoreFixture.config(dir), binlog.sink(), FaultInjector.NONE);
        catalog = Catalog.open(store, meters);
        engine = new BasaltSqlEngine(store, catalog, globals, sessions, meters, "10.11.99-Basalt-MariaDB",
                new SqlBinlog(binlog));
    }

    Session session() {
        Session s = new Session(sessions.nextConnectionId(), "root", "127.0.0.1", new SessionVariables(globals));
        sessions.register(s);
        return s;
    }

    /** A new session whose current database is {@code database}, created if it does not exist. */
    Session sessionIn(String database) {
        Session s = session();
        exec(s, "CREATE DATABASE IF NOT EXISTS " + database);
        exec(s, "USE " + database);
        return s;
    }

    /** The outcome of one statement: a result set or an OK. */
    record Result(List<ColumnDefinition> columns, List<String> labels, List<List<Object>> rows, long affected,
                  long lastInsertId, String info) {
        List<Object> column(int i) {
            return rows.stream().map(r -> r.get(i)).toList();
        }
    }

    Result exec(Session s, String sql) {
        Recorder r = new Recorder();
        for (String stmt : engine.split(sql)) {
            r = new Recorder();
            engine.execute(s, stmt, r);
        }
        return r.result();
    }

    Result execPrepared(Session s, String sql, Object... params) {
        Recorder r = new Recorder();
        engine.execute(s, engine.prepare(s, sql), params, r);
        return r.result();
    }

    /**
     * {@link SqlEngine#executeWithoutWaiting} without committing there: the result, or null when the engine handed the
     * statement back.
     */
    Result execWithoutWaiting(Session s, PreparedQuery q, Object... params) {
        Recorder r = new Recorder();
        return engine.executeWithoutWaiting(s, q, params, r, false) == NoWaitResult.DONE ? r.result() : null;
    }

    /**
     * {@link SqlEngine#executeWithoutWaiting} that may commit there: a pending result is waited for and finished on
     * this thread. The result, or null when the engine handed the statement back (at once or when finishing).
     */
    Result execCommittingWithoutWaiting(Session s, PreparedQuery q, Object... params) {
        Recorder r = new Recorder();
        return settledAndFinished(engine.executeWithoutWaiting(s, q, params, r, true)) ? r.result() : null;
    }

    /** {@link SqlEngine#executeWithoutWaiting} for COM_QUERY text: the result, or null when it was handed back. */
    Result execWithoutWaiting(Session s, String sql) {
        Recorder r = new Recorder();
        return engine.executeWithoutWaiting(s, sql, r, false) == NoWaitResult.DONE ? r.result() : null;
    }

    /**
     * {@link SqlEngine#executeWithoutWaiting} for COM_QUERY text that may commit there, a pending result waited for
     * and finished on this thread: the result, or null when it was handed back.
     */
    Result execCommittingWithoutWaiting(Session s, String sql) {
        Recorder r = new Recorder();
        return settledAndFinished(engine.executeWithoutWaiting(s, sql, r, true)) ? r.result() : null;
    }

    private static boolean settledAndFinished(NoWaitResult result) {
        if (!result.isPending()) {
            return result == NoWaitResult.DONE;
        }
        result.settled().toCompletableFuture().handle((ok, failure) -> null).join();
        return result.finish();
    }

    /** A status counter of the engine (SHOW GLOBAL STATUS). */
    long counted(StatusCounters.Counter counter) {
        return engine.counters().get(counter);
    }

    /** Statements tried on the calling thread without waiting, by outcome ({@code ran}, {@code handed_off}). */
    long noWait(String outcome) {
        return (long) meters.counter("basalt.statement.no_wait", "outcome", outcome).count();
    }

    static int errorCode(Runnable r) {
        MySqlException e = error(r);
        return e == null ? 0 : e.code();
    }

    /** The error {@code r} fails with, or null. */
    static MySqlException error(Runnable r) {
        try {
            r.run();
        } catch (MySqlException e) {
            return e;
        }
        return null;
    }

    @Override
    public void close() {
        catalog.close();
        store.close();
    }

    static final class Recorder implements ResultSink {
        List<ColumnDefinition> columns;
        /** Whether the statement's end (OK, or the end of its rows) was sent. */
        boolean answered;
        List<String> labels;
        final List<List<Object>> rows = new ArrayList<>();
        long affected;
        long lastInsertId;
        String info;

        @Override
        public void columns(List<ColumnDefinition> columns) {
            this.columns = columns;
            labels = columns.stream().map(ColumnDefinition::name).toList();
        }

        @Override
        public void row(Object[] values) {
            rows.add(java.util.Arrays.asList(values.clone()));
        }

        @Override
        public void endRows() {
            answered = true;
        }

        @Override
        public void ok(long affectedRows, long insertId, String infoText) {
            answered = true;
            affected = affectedRows;
            lastInsertId = insertId;
            info = infoText;
        }

        Result result() {
            return new Result(columns, labels, rows, affected, lastInsertId, info);
        }
    }
}
