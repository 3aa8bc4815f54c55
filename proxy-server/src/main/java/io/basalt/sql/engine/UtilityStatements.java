package io.basalt.sql.engine;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.binlog.BinlogAdmin;
import io.basalt.sql.binlog.BinlogShow;
import io.basalt.sql.binlog.RowLog;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.ddl.DdlExecutor;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.infoschema.InformationSchema;
import io.basalt.sql.infoschema.TableStatistics;
import io.basalt.sql.parser.ast.SqlAnalyzeTable;
import io.basalt.sql.parser.ast.SqlBegin;
import io.basalt.sql.parser.ast.SqlCommit;
import io.basalt.sql.parser.ast.SqlDo;
import io.basalt.sql.parser.ast.SqlCreateDatabase;
import io.basalt.sql.parser.ast.SqlDropDatabase;
import io.basalt.sql.parser.ast.SqlFlush;
import io.basalt.sql.parser.ast.SqlKill;
import io.basalt.sql.parser.ast.SqlPurgeBinaryLogs;
import io.basalt.sql.parser.ast.SqlReleaseSavepoint;
import io.basalt.sql.parser.ast.SqlResetMaster;
import io.basalt.sql.parser.ast.SqlRollback;
import io.basalt.sql.parser.ast.SqlSavepoint;
import io.basalt.sql.parser.ast.SqlSetStatement;
import io.basalt.sql.parser.ast.SqlSetTransaction;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.parser.ast.SqlUse;
import io.basalt.sql.plan.BindEnv;
import io.basalt.sql.plan.Clause;
import io.basalt.sql.plan.NameScope;
import io.basalt.sql.plan.QueryBinder;
import io.basalt.sql.plan.ScopeColumn;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.setvar.SetStatementExecutor;
import io.basalt.sql.show.RowFilter;
import io.basalt.sql.show.ShowContext;
import io.basalt.sql.show.ShowExecutor;
import io.basalt.sql.sysvar.StatusCounters;
import io.basalt.sql.sysvar.StatusVariables;
import io.basalt.sql.txn.SessionTransaction;
import io.basalt.sql.txn.TransactionCharacteristics;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.expr.Truth;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;

import java.util.ArrayList;
import java.util.List;

/**
 * Statements that are interpreted each time rather than compiled: transaction control, SET, USE, SHOW, KILL, DDL
 * and the small administrative ones. DDL and BEGIN commit an open transaction first, as MySQL's implicit commit.
 */
final class UtilityStatements {
    private final BasaltSqlEngine engine;
    private final SetStatementExecutor setExecutor = new SetStatementExecutor();

    UtilityStatements(BasaltSqlEngine engine) {
        this.engine = engine;
    }

    static boolean isQuery(SqlNode n) {
        return n instanceof SqlSelect || n.getKind() == SqlKind.UNION || n.getKind() == SqlKind.ORDER_BY;
    }

    /** SHOW WARNINGS / ERRORS read the diagnostics area, so they must not clear it. */
    static boolean isDiagnostics(SqlNode n) {
        return n instanceof SqlShow s && switch (s.kind()) {
            case WARNINGS, ERRORS, COUNT_WARNINGS, COUNT_ERRORS -> true;
            default -> false;
        };
    }

    /** @param sql the statement's text (DDL is binlogged as sent) */
    void execute(Session session, SqlNode tree, String sql, io.basalt.sql.engine.ResultSink sink) {
        SessionState st = engine.state(session);
        if (tree instanceof SqlBegin b) {
            st.savepoints.clear();
            Boolean pessimistic = b.mode() == null ? null : "PESSIMISTIC".equals(b.mode());
            st.txn.begin(new TransactionCharacteristics(b.readOnly(), b.causalConsistencyOnly(), pessimistic));
            // counted once begun: on an event loop the new transaction's start timestamp may be refused, and the
            // BEGIN then runs again on a worker
            engine.counters().increment(StatusCounters.Counter.COM_BEGIN);
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlCommit) {
            engine.counters().increment(StatusCounters.Counter.COM_COMMIT);
            st.savepoints.clear();
            st.txn.commit();
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlRollback r) {
            engine.counters().increment(StatusCounters.Counter.COM_ROLLBACK);
            if (r.savepoint() == null) {
                st.savepoints.clear();
                st.txn.rollback();
            } else {
                Integer sp = st.savepoints.get(r.savepoint());
                if (sp == null || !st.txn.isOpen()) {
                    throw new MySqlException(ErrorCode.SP_DOES_NOT_EXIST_SAVEPOINT, r.savepoint());
                }
                st.txn.rollbackToSavepoint(sp);
                dropAfter(st, r.savepoint());
            }
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlSavepoint s) {
            if (st.txn.isOpen()) {
                st.savepoints.remove(s.name());
                st.savepoints.put(s.name(), st.txn.savepoint());
            }
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlReleaseSavepoint s) {
            if (st.savepoints.remove(s.name()) == null) {
                throw new MySqlException(ErrorCode.SP_DOES_NOT_EXIST_SAVEPOINT, s.name());
            }
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlSetStatement s) {
            boolean autocommitBefore = session.variables().autocommit();
            setExecutor.execute(s, session, this::evaluate);
            if (!autocommitBefore && session.variables().autocommit()) {
                st.txn.commit(); // enabling autocommit commits the open transaction
            }
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlSetTransaction s) {
            setTransaction(session, s);
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlUse u) {
            use(session, u.database());
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlShow s && BinlogShow.handles(s)) {
            sendResult(BinlogShow.execute(s, engine.binlog(), s.offset() == null ? 0 : count(s.offset(), session),
                    s.limit() == null ? -1 : count(s.limit(), session)), sink);
        } else if (tree instanceof SqlPurgeBinaryLogs p) {
            BinlogAdmin.purge(engine.binlog(), p.toLog(),
                    p.before() == null ? null : evaluate(p.before(), session), session.variables());
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlResetMaster r) {
            BinlogAdmin.reset(engine.binlog(), r.firstNumber());
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlShow s) {
            sendResult(ShowExecutor.execute(s, session, engine.catalog().snapshot(),
                    showContext()), sink);
        } else if (tree instanceof SqlKill k) {
            Object id = evaluate(k.connectionId(), session);
            long connectionId = id instanceof Long l ? l : -1;
            boolean found = k.query() ? engine.sessions().killQuery(connectionId)
                    : engine.sessions().killConnection(connectionId);
            if (!found) {
                throw new MySqlException(ErrorCode.NO_SUCH_THREAD, connectionId);
            }
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlDo d) {
            for (SqlNode e : d.expressions()) {
                evaluate(e, session);
            }
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlFlush f) {
            if (f.options().contains("BINARY LOGS") || f.options().contains("LOGS")) {
                engine.binlog().flush();
            }
            sink.ok(0, 0, "");
        } else if (tree instanceof SqlAnalyzeTable a) {
            List<ColumnDefinition> cols = List.of(text("Table"), text("Op"), text("Msg_type"), text("Msg_text"));
            List<Object[]> rows = new ArrayList<>();
            for (var t : a.tables()) {
                String db = t.names.size() > 1 ? t.names.get(0) : session.currentDatabase();
                rows.add(new Object[] {db + "." + t.names.get(t.names.size() - 1), "analyze", "status", "OK"});
            }
            sendResult(new ResultSetData(cols, rows), sink);
        } else {
            if (DdlExecutor.handles(tree)) {
                st.savepoints.clear();
                st.txn.commit();
                boolean databaseLevel = tree instanceof SqlCreateDatabase || tree instanceof SqlDropDatabase;
                long affected = new DdlExecutor(engine.catalog(),
                        session.variables().getLong("lock_wait_timeout") * 1000L)
                        .execute(tree, session.currentDatabase(), session.warnings(),
                                () -> engine.binlog().logDdl(session, sql, databaseLevel));
                if (tree instanceof SqlDropDatabase drop && drop.name().equalsIgnoreCase(session.currentDatabase())) {
                    // as MariaDB: the session is left without a current database
                    session.setCurrentDatabase(null);
                }
                sink.ok(affected, 0, "");
                return;
            }
            throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, tree.getKind().toString());
        }
    }

    private long count(SqlNode n, Session session) {
        return evaluate(n, session) instanceof Number v ? v.longValue() : 0;
    }

    private static void dropAfter(SessionState st, String name) {
        boolean after = false;
        for (var it = st.savepoints.keySet().iterator(); it.hasNext(); ) {
            String n = it.next();
            if (after) {
                it.remove();
            }
            after |= n.equals(name);
        }
    }

    /**
     * SET [GLOBAL | SESSION] TRANSACTION. Without a scope it applies to the next transaction only (1568 inside
     * one), as in MariaDB; SESSION changes the session's variables and also the next transaction.
     */
    private void setTransaction(Session session, SqlSetTransaction s) {
        var vars = session.variables();
        SessionTransaction txn = engine.state(session).txn;
        Long readOnly = s.readOnly() == null ? null : s.readOnly() ? 1L : 0L;
        switch (s.scope()) {
            case GLOBAL -> {
                if (s.isolationLevel() != null) {
                    vars.globals().set("transaction_isolation", s.isolationLevel());
                }
                if (readOnly != null) {
                    vars.globals().set("transaction_read_only", readOnly);
                }
            }
            case SESSION -> {
                if (s.isolationLevel() != null) {
                    vars.set("transaction_isolation", s.isolationLevel());
                }
                if (readOnly != null) {
                    vars.set("transaction_read_only", readOnly);
                }
                txn.setNextTransaction(s.isolationLevel(), s.readOnly());
            }
            case NEXT -> {
                if (txn.isOpen()) {
                    throw new MySqlException(ErrorCode.CANT_CHANGE_TX_CHARACTERISTICS);
                }
                txn.setNextTransaction(s.isolationLevel(), s.readOnly());
            }
        }
    }

    private void use(Session session, String db) {
        if (!InformationSchema.isInformationSchema(db) && engine.catalog().snapshot().database(db).isEmpty()) {
            throw new MySqlException(ErrorCode.BAD_DB_ERROR, db);
        }
        session.setCurrentDatabase(db);
        engine.catalog().snapshot().database(db)
                .ifPresent(d -> session.variables().useDatabaseCharset(d.charset(), d.collation()));
    }

    /** Evaluates an expression that reads no table (SET values, KILL ids, DO). */
    Object evaluate(SqlNode expr, Session session) {
        CatalogSnapshot snapshot = engine.catalog().snapshot();
        BindEnv env = new BindEnv(session, snapshot, null);
        QueryBinder qb = new QueryBinder(env, engine.virtualTables(session, snapshot), false);
        Expr e = qb.binder(new NameScope(null), Clause.SELECT).bind(expr);
        ExecContext ctx = new ExecContext(session, engine.catalog(), null, new Object[0], engine.serverVersion(),
                false, RowLog.NONE, engine.binlog(), engine.state(session).autoIncrement);
        return e.eval(null, ctx);
    }

    private ShowContext showContext() {
        return new ShowContext() {
            @Override
            public List<Session> sessions() {
                return engine.sessions().snapshot();
            }

            @Override
            public StatusVariables status() {
                return engine.status();
            }

            @Override
            public TableStatistics statistics() {
                return TableStatistics.NONE;
            }

            @Override
            public RowFilter compileWhere(SqlNode where, List<ColumnDefinition> columns, Session session) {
                NameScope scope = new NameScope(null);
                for (ColumnDefinition c : columns) {
                    scope.add(new ScopeColumn(null, c.name(), scope.width(), SqlType.LONGTEXT, true, null, null,
                            null));
                }
                CatalogSnapshot snapshot = engine.catalog().snapshot();
                BindEnv env = new BindEnv(session, snapshot, null);
                Expr cond = new QueryBinder(env, engine.virtualTables(session, snapshot), false)
                        .binder(scope, Clause.WHERE).bind(where);
                ExecContext ctx = new ExecContext(session, engine.catalog(), null, new Object[0],
                        engine.serverVersion(), false, RowLog.NONE, engine.binlog(),
                        engine.state(session).autoIncrement);
                return row -> Truth.passes(cond, row, ctx);
            }
        };
    }

    private static ColumnDefinition text(String name) {
        return ColumnDefinitions.forExpression(name, SqlType.varchar(255), false);
    }

    private static void sendResult(ResultSetData data, io.basalt.sql.engine.ResultSink sink) {
        sink.columns(data.columns());
        for (Object[] r : data.rows()) {
            sink.row(r);
        }
        sink.endRows();
    }
}
