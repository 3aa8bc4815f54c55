package io.basalt.sql.engine;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.session.SessionRegistry;
import io.basalt.sql.binlog.BinlogVariables;
import io.basalt.sql.binlog.RowLog;
import io.basalt.sql.binlog.SqlBinlog;
import io.basalt.sql.catalog.Catalog;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.dml.DmlResult;
import io.basalt.sql.dml.InsertPlan;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.exec.RowSource;
import io.basalt.sql.infoschema.TableStatistics;
import io.basalt.sql.infoschema.VirtualTableContext;
import io.basalt.sql.parser.BasaltSqlParser;
import io.basalt.sql.parser.ParsedStatement;
import io.basalt.sql.parser.LiteralNormalizer;
import io.basalt.sql.parser.NormalizedStatement;
import io.basalt.sql.parser.ast.SqlCommit;
import io.basalt.sql.parser.ast.SqlLockingSelect;
import io.basalt.sql.parser.ast.SqlMySqlDelete;
import io.basalt.sql.parser.ast.SqlMySqlInsert;
import io.basalt.sql.parser.ast.SqlMySqlUpdate;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.plan.BindEnv;
import io.basalt.sql.plan.BoundQuery;
import io.basalt.sql.plan.DmlBinder;
import io.basalt.sql.plan.OutputColumn;
import io.basalt.sql.plan.QueryBinder;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.show.FieldList;
import io.basalt.sql.sysvar.StatusCounters;
import io.basalt.sql.sysvar.StatusVariables;
import io.basalt.sql.sysvar.SystemVariables;
import io.basalt.sql.txn.OptimisticStatementConflict;
import io.basalt.sql.txn.PendingCommit;
import io.basalt.sql.txn.SessionTransaction;
import io.basalt.sql.txn.StorageErrors;
import io.basalt.storage.TxnStore;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.txn.Transaction;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SQL engine: parses (or finds in the plan cache), binds and runs statements for sessions. Data statements
 * (queries, INSERT/REPLACE, UPDATE, DELETE) are compiled once per normalised text or prepared statement and run
 * without Calcite afterwards; session, transaction, SHOW and DDL statements are interpreted by
 * {@link UtilityStatements}. Thread-safe: per-session state lives in the session.
 */
public final class BasaltSqlEngine implements SqlEngine {
    private static final int PLAN_CACHE_SIZE = 4096;
    /** Compilations of one statement racing DDL on its table before giving up with 1205. */
    private static final int MAX_STALE_RETRIES = 5;
    /**
     * Storage steps (point reads, iterator moves) a query run without waiting may take, a few hundred microseconds:
     * a sysbench range of 100 rows takes about 200, a point select a few; a query needing more is for a worker.
     */
    private static final int NO_WAIT_STEPS = 1024;

    private final TxnStore store;
    private final Catalog catalog;
    private final SystemVariables globals;
    private final SessionRegistry sessions;
    private final String serverVersion;
    private final PlanCache planCache = new PlanCache(PLAN_CACHE_SIZE);
    private final TransactionControlCache transactionControl = new TransactionControlCache();
    private final StatusCounters counters = new StatusCounters();
    private final StatusVariables status;
    private final UtilityStatements utility;
    private final Map<String, Timer> latency = new ConcurrentHashMap<>();
    private final MeterRegistry meters;
    private final Counter optimisticRetries;
    private final Counter ranWithoutWaiting;
    private final Counter handedOff;
    private final ConflictBackoff conflictBackoff = new ConflictBackoff();
    private final SqlBinlog binlog;

    /** An engine without a binary log. */
    public BasaltSqlEngine(TxnStore store, Catalog catalog, SystemVariables globals, SessionRegistry sessions,
                           MeterRegistry meters, String serverVersion) {
        this(store, catalog, globals, sessions, meters, serverVersion, SqlBinlog.OFF);
    }

    public BasaltSqlEngine(TxnStore store, Catalog catalog, SystemVariables globals, SessionRegistry sessions,
                           MeterRegistry meters, String serverVersion, SqlBinlog binlog) {
        this.binlog = binlog;
        this.store = store;
        this.catalog = catalog;
        this.globals = globals;
        this.sessions = sessions;
        this.meters = meters;
        this.optimisticRetries = Counter.builder("basalt.statement.optimistic.retries")
                .description("autocommit statements run again with pessimistic locks after a conflict at commit")
                .register(meters);
        this.ranWithoutWaiting = noWaitCounter(meters, "ran");
        this.handedOff = noWaitCounter(meters, "handed_off");
        this.serverVersion = serverVersion;
        this.status = new StatusVariables(counters, System.currentTimeMillis(), sessions::count,
                () -> (int) sessions.snapshot().stream().filter(s -> !"Sleep".equals(s.command())).count(),
                store.metrics());
        this.utility = new UtilityStatements(this);
        BinlogVariables.install(binlog, globals, status);
    }

    private static Counter noWaitCounter(MeterRegistry meters, String outcome) {
        return Counter.builder("basalt.statement.no_wait")
                .description("statements tried on the thread that received them, by outcome")
                .tag("outcome", outcome).register(meters);
    }

    TxnStore store() {
        return store;
    }

    Catalog catalog() {
        return catalog;
    }

    SessionRegistry sessions() {
        return sessions;
    }

    StatusVariables status() {
        return status;
    }

    StatusCounters counters() {
        return counters;
    }

    String serverVersion() {
        return serverVersion;
    }

    /** The binary log (possibly off). */
    public SqlBinlog binlog() {
        return binlog;
    }

    SystemVariables globals() {
        return globals;
    }

    @Override
    public List<String> split(String text) {
        return BasaltSqlParser.split(text);
    }

    @Override
    public void execute(Session session, String sql, ResultSink sink) {
        countQuery();
        untilFresh(session, () -> executeText(session, sql, sink));
    }

    /**
     * Runs a command's statement on a worker, again while it finds its plan stale (a DDL finished in between; the run
     * stopped at its metadata lock, before it wrote or took AUTO_INCREMENT values), and then ends its hold on the
     * values it took.
     */
    private void untilFresh(Session session, Runnable statement) {
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    statement.run();
                    return;
                } catch (StaleStatementException e) {
                    if (attempt == MAX_STALE_RETRIES) {
                        throw new MySqlException(ErrorCode.LOCK_WAIT_TIMEOUT);
                    }
                }
            }
        } finally {
            state(session).autoIncrement.finish();
        }
    }

    @Override
    public NoWaitResult executeWithoutWaiting(Session session, String sql, ResultSink sink, boolean commit) {
        ParsedStatement control = transactionControl.get(sql);
        if (control == null) {
            return cachedWithoutWaiting(session, sql, sink, commit);
        }
        SessionState st = state(session);
        if (!st.txn.endsWithoutWaiting()) {
            return commit && control.node() instanceof SqlCommit ? commitWithoutWaiting(session, st, sink)
                    : NoWaitResult.HAND_OFF;
        }
        session.warnings().clear();
        try (NoWaitScope ignored = NoWaitScope.enter(NO_WAIT_STEPS)) {
            utility.execute(session, control.node(), sql, sink);
        } catch (WouldBlockException e) {
            handedOff.increment();
            return NoWaitResult.HAND_OFF;
        } catch (RuntimeException | Error e) {
            countQuery();
            throw e;
        }
        ranWithoutWaiting.increment();
        countQuery();
        return NoWaitResult.DONE;
    }

    /** A text statement whose plan is in the plan cache, as a prepared one is tried; others are handed off. */
    private NoWaitResult cachedWithoutWaiting(Session session, String sql, ResultSink sink, boolean commit) {
        NormalizedStatement normalized = LiteralNormalizer.normalize(sql);
        CompiledStatement c = normalized == null ? null : planCache.get(
                new PlanCache.Key(session.currentDatabase(), normalized.key()), catalog.snapshot().version());
        if (c == null) {
            return NoWaitResult.HAND_OFF;
        }
        return runWithoutWaiting(session, c, sql, normalized.literals().toArray(), sink, commit, this::countQuery);
    }

    /** COMMIT of a transaction holding writes, left pending until durable; its OK (or error) comes in its finish. */
    private NoWaitResult commitWithoutWaiting(Session session, SessionState st, ResultSink sink) {
        session.warnings().clear();
        PendingCommit pending;
        try (NoWaitScope ignored = NoWaitScope.enter(NO_WAIT_STEPS)) {
            pending = st.txn.commitWithoutWaiting();
        } catch (WouldBlockException e) {
            handedOff.increment();
            return NoWaitResult.HAND_OFF;
        }
        return NoWaitResult.pending(pending.durable(), () -> {
            countQuery();
            counters.increment(StatusCounters.Counter.COM_COMMIT);
            st.savepoints.clear();
            pending.finish();
            ranWithoutWaiting.increment();
            sink.ok(0, 0, "");
            return true;
        });
    }

    private void countQuery() {
        counters.increment(StatusCounters.Counter.QUESTIONS);
        counters.increment(StatusCounters.Counter.QUERIES);
    }

    private void executeText(Session session, String sql, ResultSink sink) {
        ParsedStatement control = transactionControl.get(sql);
        if (control != null) {
            session.warnings().clear();
            utility.execute(session, control.node(), sql, sink);
            return;
        }
        CatalogSnapshot snapshot = catalog.snapshot();
        NormalizedStatement normalized = LiteralNormalizer.normalize(sql);
        ParsedStatement parsed = null;
        if (normalized != null) {
            PlanCache.Key key = new PlanCache.Key(session.currentDatabase(), normalized.key());
            CompiledStatement c = planCache.get(key, snapshot.version());
            if (c == null) {
                ParsedStatement p = BasaltSqlParser.parseStatement(normalized.key());
                c = compile(session, p, snapshot);
                if (c != null) {
                    planCache.put(key, c);
                } else if (normalized.key().equals(sql)) {
                    parsed = p;
                }
            }
            if (c != null) {
                session.warnings().clear();
                run(session, c, sql, normalized.literals().toArray(), sink);
                return;
            }
        }
        if (parsed == null) {
            parsed = BasaltSqlParser.parseStatement(sql);
        }
        transactionControl.remember(sql, parsed);
        SqlNode tree = parsed.node();
        if (!UtilityStatements.isDiagnostics(tree)) {
            session.warnings().clear();
        }
        CompiledStatement c = compile(session, parsed, snapshot);
        if (c != null) {
            run(session, c, sql, new Object[0], sink);
        } else {
            utility.execute(session, tree, sql, sink);
        }
    }

    @Override
    public PreparedQuery prepare(Session session, String sql) {
        counters.increment(StatusCounters.Counter.COM_STMT_PREPARE);
        ParsedStatement parsed = BasaltSqlParser.parseStatement(sql);
        CompiledStatement c = compile(session, parsed, catalog.snapshot());
        if (c == null) {
            throw new MySqlException(ErrorCode.UNSUPPORTED_PS);
        }
        return new PreparedStatementImpl(parsed, parameterCount(parsed.node()), c);
    }

    @Override
    public void execute(Session session, PreparedQuery query, Object[] parameters, ResultSink sink) {
        countExecute();
        PreparedStatementImpl ps = (PreparedStatementImpl) query;
        untilFresh(session, () -> {
            CatalogSnapshot snapshot = catalog.snapshot();
            CompiledStatement c = ps.compiled();
            if (c.catalogVersion() != snapshot.version()) {
                c = compile(session, ps.statement(), snapshot);
                if (c.columns().size() != ps.resultColumns().size()) {
                    throw new MySqlException(1615, "HY000", "Prepared statement needs to be re-prepared", null);
                }
                ps.recompiled(c);
            }
            session.warnings().clear();
            run(session, c, ps.statement().sql(), parameters, sink);
        });
    }

    @Override
    public NoWaitResult executeWithoutWaiting(Session session, PreparedQuery query, Object[] parameters,
                                              ResultSink sink, boolean commit) {
        PreparedStatementImpl ps = (PreparedStatementImpl) query;
        return runWithoutWaiting(session, ps.compiled(), ps.sql(), parameters, sink, commit, this::countExecute);
    }

    /**
     * A compiled statement (prepared, or text found in the plan cache) run on a thread that must not wait, as
     * {@link SqlEngine#executeWithoutWaiting(Session, PreparedQuery, Object[], ResultSink, boolean)} describes;
     * {@code countCommand} counts the command (COM_STMT_EXECUTE or COM_QUERY) once it ran.
     */
    private NoWaitResult runWithoutWaiting(Session session, CompiledStatement c, String sql, Object[] parameters,
                                           ResultSink sink, boolean commit, Runnable countCommand) {
        SessionState st = state(session);
        SessionTransaction txn = st.txn;
        boolean autocommit = c instanceof CompiledStatement.Dml && txn.nextStatementIsAutocommit();
        if (!c.mayRunWithoutWaiting() || c.catalogVersion() != catalog.snapshot().version()
                || autocommit && !commit) {
            // the worker recompiles a stale plan
            return NoWaitResult.HAND_OFF;
        }
        long table = autocommit ? targetTable(c).id() : 0;
        boolean optimistic = autocommit && conflictBackoff.optimistic(table);
        session.warnings().clear();
        Timer.Sample sample = Timer.start(meters);
        PendingCommit pending;
        try (NoWaitScope ignored = NoWaitScope.enter(NO_WAIT_STEPS)) {
            pending = runInTransaction(session, st, c, sql, parameters, sink, optimistic, autocommit);
        } catch (WouldBlockException | StaleStatementException e) {
            if (optimistic && (e.getCause() instanceof TransactionAbortedException
                    || e.getCause() instanceof DuplicateKeyException)) {
                conflictBackoff.conflicted(table);
            }
            return handOff(st);
        } catch (RuntimeException | Error e) {
            executed(st, c, sample, countCommand);
            throw e;
        }
        if (pending == null) {
            ranWithoutWaiting.increment();
            executed(st, c, sample, countCommand);
            return NoWaitResult.DONE;
        }
        return NoWaitResult.pending(pending.durable(), () -> {
            try {
                pending.finish();
            } catch (OptimisticStatementConflict e) {
                // nothing sent: the worker runs it again, with pessimistic locks for a while
                conflictBackoff.conflicted(table);
                handOff(st);
                return false;
            } catch (RuntimeException | Error e) {
                executed(st, c, sample, countCommand);
                throw e;
            }
            ranWithoutWaiting.increment();
            executed(st, c, sample, countCommand);
            return true;
        });
    }

    /** A statement tried without waiting that a worker must run again: it takes the same AUTO_INCREMENT values. */
    private NoWaitResult handOff(SessionState st) {
        st.autoIncrement.rewind();
        handedOff.increment();
        return NoWaitResult.HAND_OFF;
    }

    /**
     * Counts a statement that ran (or failed) without waiting, as {@link #execute} and {@link #run} do, and ends its
     * hold on the AUTO_INCREMENT values it took.
     */
    private void executed(SessionState st, CompiledStatement c, Timer.Sample sample, Runnable countCommand) {
        st.autoIncrement.finish();
        countCommand.run();
        count(c);
        sample.stop(latency(c));
    }

    private void countExecute() {
        counters.increment(StatusCounters.Counter.QUESTIONS);
        counters.increment(StatusCounters.Counter.COM_STMT_EXECUTE);
    }

    @Override
    public List<ColumnDefinition> fieldList(Session session, String table, String wildcard) {
        String db = session.currentDatabase();
        if (db == null) {
            throw new MySqlException(ErrorCode.NO_DB_ERROR);
        }
        TableDef t = catalog.snapshot().table(db, table)
                .orElseThrow(() -> new MySqlException(ErrorCode.NO_SUCH_TABLE, db, table));
        return FieldList.columns(t, wildcard);
    }

    @Override
    public void reset(Session session) {
        SessionState st = state(session);
        st.txn.rollback();
        st.savepoints.clear();
        session.userVariables().clear();
        session.variables().reset();
        session.warnings().clear();
        session.setLastInsertId(0);
    }

    @Override
    public void close(Session session) {
        SessionState st = session.engineState();
        if (st != null) {
            st.txn.close();
        }
    }

    SessionState state(Session session) {
        return SessionState.of(session, store, binlog, catalog.autoIncrement());
    }

    /** Binds a data statement; null for statements the utility interpreter handles. */
    CompiledStatement compile(Session session, ParsedStatement statement, CatalogSnapshot snapshot) {
        SqlNode tree = statement.node();
        BindEnv env = new BindEnv(session, snapshot, statement);
        boolean locking = tree instanceof SqlLockingSelect;
        SqlNode query = locking ? ((SqlLockingSelect) tree).query() : tree;
        QueryBinder queries = new QueryBinder(env, virtualTables(session, snapshot), locking);
        if (query instanceof SqlMySqlInsert ins) {
            return new CompiledStatement.Insert(new DmlBinder(env, queries).insert(ins), env.hasSessionEffects(),
                    snapshot.version());
        }
        if (query instanceof SqlMySqlUpdate up) {
            return new CompiledStatement.Update(new DmlBinder(env, queries).update(up), env.hasSessionEffects(),
                    snapshot.version());
        }
        if (query instanceof SqlMySqlDelete del) {
            return new CompiledStatement.Delete(new DmlBinder(env, queries).delete(del), env.hasSessionEffects(),
                    snapshot.version());
        }
        if (!UtilityStatements.isQuery(query)) {
            return null;
        }
        BoundQuery q = queries.bind(query);
        List<ColumnDefinition> columns = new ArrayList<>();
        for (OutputColumn c : q.columns()) {
            columns.add(c.origin() != null && c.origin().table() != null
                    ? ColumnDefinitions.forColumn(c.origin().schema(), c.origin().qualifier(), c.origin().table(),
                            c.origin().column(), c.label())
                    : ColumnDefinitions.forExpression(c.label(), c.type(), c.nullable()));
        }
        // information_schema rows are materialised at bind time: such plans get no version and are never reused
        return new CompiledStatement.Query(q, columns, locking, hasOwnLimit(query), env.readsTables(),
                env.hasSessionEffects(), env.usesVolatileState() ? -1 : snapshot.version());
    }

    /** Whether the statement's outermost query block has a LIMIT (one inside a UNION branch does not count). */
    private static boolean hasOwnLimit(SqlNode query) {
        if (query instanceof SqlOrderBy ob) {
            return ob.fetch != null || hasOwnLimit(ob.query);
        }
        return query instanceof SqlSelect s && s.getFetch() != null;
    }

    VirtualTableContext virtualTables(Session session, CatalogSnapshot snapshot) {
        return new VirtualTableContext(snapshot, session, sessions::snapshot, status, TableStatistics.NONE);
    }

    /**
     * Runs a compiled statement as one statement of the session's transaction.
     *
     * @param sql the statement's text (binlog Annotate_rows)
     */
    void run(Session session, CompiledStatement c, String sql, Object[] params, ResultSink sink) {
        SessionState st = state(session);
        SessionTransaction txn = st.txn;
        count(c);
        Timer.Sample sample = Timer.start(meters);
        try {
            if (c instanceof CompiledStatement.Query q) {
                if (!q.locking() && !q.readsTables()) {
                    // as in MariaDB, a query that reads no table neither opens a transaction nor uses up SET
                    // TRANSACTION
                    sendRows(q, new ExecContext(session, catalog, null, params, serverVersion, false, RowLog.NONE,
                            binlog, st.autoIncrement), session, sink);
                    sink.endRows();
                } else {
                    runInTransaction(session, st, c, sql, params, sink, false, false);
                }
                return;
            }
            long table = targetTable(c).id();
            int warnings = session.warnings().mark();
            try {
                // an autocommit data statement first runs without pessimistic locks; it has sent nothing when its
                // commit meets a conflict, so it runs once more, with them (DESIGN.md §3.6); one that changes
                // session state (a user variable, say) would change it twice, so it takes its locks from the start
                runInTransaction(session, st, c, sql, params, sink, txn.nextStatementIsAutocommit()
                        && !((CompiledStatement.Dml) c).sessionEffects() && conflictBackoff.optimistic(table), false);
            } catch (OptimisticStatementConflict e) {
                optimisticRetries.increment();
                conflictBackoff.conflicted(table);
                session.warnings().truncate(warnings);
                st.autoIncrement.rewind();
                runInTransaction(session, st, c, sql, params, sink, false, false);
            }
        } finally {
            sample.stop(latency(c));
        }
    }

    /**
     * Runs {@code c} as one statement of the session's transaction.
     *
     * @param optimisticAutocommit run an autocommit statement optimistically
     * @param commitWithoutWaiting an autocommit data statement on a thread that must not wait: its commit is left
     *                             pending, and so is its reply
     * @return the pending commit, whose finish sends the reply; null when the statement is done
     * @throws OptimisticStatementConflict only when {@code optimisticAutocommit}: nothing was committed or sent
     */
    private PendingCommit runInTransaction(Session session, SessionState st, CompiledStatement c, String sql,
                                           Object[] params, ResultSink sink, boolean optimisticAutocommit,
                                           boolean commitWithoutWaiting) {
        SessionTransaction txn = st.txn;
        boolean changes = !(c instanceof CompiledStatement.Query q) || q.locking();
        if (!(c instanceof CompiledStatement.Query)) {
            lockTarget(session, txn, c);
        }
        int savepoint = txn.statementSavepoint(optimisticAutocommit);
        Transaction t = txn.forStatement();
        ExecContext ctx = new ExecContext(session, catalog, t, params, serverVersion, changes,
                changes ? txn.rowLog(sql) : RowLog.NONE, binlog, st.autoIncrement);
        boolean foundRows = (session.clientCapabilities() & io.basalt.protocol.constants.CapabilityFlags.FOUND_ROWS)
                != 0;
        try {
            // checked once the statement's transaction exists: an autocommit statement is a transaction too
            if (changes && txn.isReadOnly()) {
                throw new MySqlException(ErrorCode.CANT_EXECUTE_IN_READ_ONLY_TRANSACTION);
            }
            if (c instanceof CompiledStatement.Query q) {
                sendRows(q, ctx, session, sink);
                txn.endStatement(savepoint, null);
                sink.endRows();
            } else {
                DmlResult r;
                if (c instanceof CompiledStatement.Insert i) {
                    r = i.plan().execute(ctx, foundRows);
                } else if (c instanceof CompiledStatement.Update u) {
                    r = u.plan().execute(ctx, foundRows);
                } else {
                    r = ((CompiledStatement.Delete) c).plan().execute(ctx);
                }
                if (commitWithoutWaiting) {
                    return txn.endStatementWithoutWaiting()
                            .then(() -> sink.ok(r.affectedRows(), r.lastInsertId(), r.info()));
                }
                txn.endStatement(savepoint, null);
                sink.ok(r.affectedRows(), r.lastInsertId(), r.info());
            }
        } catch (MySqlException e) {
            txn.endStatement(savepoint, e);
            throw e;
        } catch (WouldBlockException e) {
            txn.retractStatement(savepoint);
            throw e;
        } catch (StorageException e) {
            MySqlException m = StorageErrors.toMySql(e);
            txn.endStatement(savepoint, m);
            throw m;
        }
        return null;
    }

    private static TableDef targetTable(CompiledStatement c) {
        return c instanceof CompiledStatement.Insert i ? i.plan().table()
                : c instanceof CompiledStatement.Update u ? u.plan().table()
                : ((CompiledStatement.Delete) c).plan().table();
    }

    /**
     * Takes the shared metadata lock of the table a DML statement writes (held until its transaction ends) and checks
     * that the table is still the one the statement was compiled against: a DDL that finished in between makes the
     * plan stale, and the caller compiles it again.
     *
     * @throws StaleStatementException when the table changed (or is gone) since compilation
     */
    private void lockTarget(Session session, SessionTransaction txn, CompiledStatement c) {
        TableDef target = targetTable(c);
        txn.lockTable(catalog.locks(), target.database(), target.name(),
                session.variables().getLong("lock_wait_timeout") * 1000L);
        TableDef now = catalog.snapshot().table(target.database(), target.name()).orElse(null);
        if (now != target && !target.equals(now)) {
            txn.releaseTableLocksIfIdle();
            throw new StaleStatementException();
        }
    }

    /**
     * Sends a query's columns and rows, not the end of the result. sql_select_limit caps a query without a LIMIT
     * of its own (an unsigned value: the default 2^64-1 reads as -1).
     */
    private static void sendRows(CompiledStatement.Query q, ExecContext ctx, Session session, ResultSink sink) {
        sink.columns(q.columns());
        long max = q.ownLimit() ? -1L : session.variables().getLong("sql_select_limit");
        try (RowSource rows = q.query().root().open(ctx)) {
            for (long n = 0; Long.compareUnsigned(n, max) < 0; ) {
                Object[] r = rows.next();
                if (r == null) {
                    break;
                }
                sink.row(r);
                if ((++n & 0x3FF) == 0) {
                    ctx.checkKilled();
                }
            }
        }
    }

    private Timer latency(CompiledStatement c) {
        return latency.computeIfAbsent(kind(c), k -> Timer.builder("basalt.statement.latency")
                .description("statement execution time by statement type").tag("type", k)
                .publishPercentileHistogram().register(meters));
    }

    private void count(CompiledStatement c) {
        StatusCounters.Counter counter;
        if (c instanceof CompiledStatement.Query) {
            counter = StatusCounters.Counter.COM_SELECT;
        } else if (c instanceof CompiledStatement.Insert i) {
            counter = i.plan().mode() == InsertPlan.Mode.REPLACE ? StatusCounters.Counter.COM_REPLACE
                    : StatusCounters.Counter.COM_INSERT;
        } else if (c instanceof CompiledStatement.Update) {
            counter = StatusCounters.Counter.COM_UPDATE;
        } else {
            counter = StatusCounters.Counter.COM_DELETE;
        }
        counters.increment(counter);
    }

    private static String kind(CompiledStatement c) {
        if (c instanceof CompiledStatement.Query) {
            return "select";
        }
        if (c instanceof CompiledStatement.Insert) {
            return "insert";
        }
        return c instanceof CompiledStatement.Update ? "update" : "delete";
    }

    static int parameterCount(SqlNode tree) {
        int[] max = {0};
        tree.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlDynamicParam param) {
                max[0] = Math.max(max[0], param.getIndex() + 1);
                return null;
            }
        });
        return max[0];
    }
}
