package io.basalt.server.testing;

import io.basalt.protocol.constants.Collations;
import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.session.SessionRegistry;
import io.basalt.session.TransactionStatus;
import io.basalt.sql.engine.NoWaitResult;
import io.basalt.sql.engine.PreparedQuery;
import io.basalt.sql.engine.ResultSink;
import io.basalt.sql.engine.SqlEngine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in SQL engine for the connection-layer tests: understands just the statements drivers send at connect
 * time and a handful of test statements, and records what it was asked. Thread-safe.
 *
 * <ul>
 *   <li>{@code SELECT 1}, {@code SELECT CONNECTION_ID()}: one row</li>
 *   <li>{@code SELECT @@a AS x, ...} (Connector/J's variable query, any prefix comment): the session values</li>
 *   <li>{@code SELECT ROWS n}: n rows of one 100-character column</li>
 *   <li>{@code SELECT LENGTH('...')}: the literal's length in characters</li>
 *   <li>{@code SELECT WARN}: OK with one warning; {@code SELECT ERR}: fails with 1146; {@code SELECT BOOM}: fails
 *       with an IllegalStateException</li>
 *   <li>{@code SELECT WAIT}: blocks until {@link #releaseWaiters()}</li>
 *   <li>{@code SET ...}: OK ({@code autocommit=0|1} is honoured); {@code BEGIN}/{@code START TRANSACTION}/
 *       {@code COMMIT}/{@code ROLLBACK}: the session's transaction status; {@code USE db}: db {@code test} or
 *       {@code db1}, else 1049; {@code KILL n}</li>
 *   <li>prepared: {@code SELECT ?, ...} echoes its parameters as strings; {@code INSERT ...} is OK with affected
 *       rows 1; {@code SELECT BADROW} returns a row its binary encoding cannot hold (a string in a BIGINT
 *       column); {@code BEGIN} cannot be prepared (1295)</li>
 * </ul>
 */
public final class FakeSqlEngine implements SqlEngine {
    private static final Pattern VARIABLE = Pattern.compile("@@(?:session\\.|global\\.)?(\\w+)(?:\\s+AS\\s+(\\w+))?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern USE = Pattern.compile("USE\\s+`?([^`]*)`?", Pattern.CASE_INSENSITIVE);
    private static final Set<String> DATABASES = Set.of("test", "db1");

    private final SessionRegistry sessions;
    private final Queue<String> statements = new ConcurrentLinkedQueue<>();
    private final Queue<Object[]> executeParameters = new ConcurrentLinkedQueue<>();
    private final AtomicInteger closedSessions = new AtomicInteger();
    private final AtomicInteger resets = new AtomicInteger();
    private volatile CountDownLatch waiters = new CountDownLatch(1);
    private final AtomicInteger waiting = new AtomicInteger();

    public FakeSqlEngine(SessionRegistry sessions) {
        this.sessions = sessions;
    }

    /** Every text statement executed, in order. */
    public List<String> statements() {
        return new ArrayList<>(statements);
    }

    /** The parameters of every prepared execute, in order. */
    public List<Object[]> executeParameters() {
        return new ArrayList<>(executeParameters);
    }

    public int closedSessions() {
        return closedSessions.get();
    }

    public int resets() {
        return resets.get();
    }

    /** Statements blocked in {@code SELECT WAIT} now. */
    public int waiting() {
        return waiting.get();
    }

    public void releaseWaiters() {
        CountDownLatch l = waiters;
        waiters = new CountDownLatch(1);
        l.countDown();
    }

    @Override
    public List<String> split(String text) {
        List<String> parts = new ArrayList<>();
        for (String p : text.split(";")) {
            if (!p.isBlank()) {
                parts.add(p.trim());
            }
        }
        return parts;
    }

    @Override
    public void execute(Session session, String sql, ResultSink sink) {
        statements.add(sql);
        session.warnings().clear();
        String s = stripComment(sql).trim();
        String upper = s.toUpperCase(Locale.ROOT);
        if (upper.equals("SELECT 1")) {
            sink.columns(List.of(longColumn("1")));
            sink.row(new Object[] {1L});
            sink.endRows();
        } else if (upper.equals("SELECT CONNECTION_ID()")) {
            sink.columns(List.of(longColumn("CONNECTION_ID()")));
            sink.row(new Object[] {session.connectionId()});
            sink.endRows();
        } else if (upper.startsWith("SELECT") && upper.contains("@@")) {
            variables(session, s, sink);
        } else if (upper.startsWith("SELECT ROWS ")) {
            int n = Integer.parseInt(s.substring("SELECT ROWS ".length()).trim());
            sink.columns(List.of(stringColumn("r")));
            String value = "x".repeat(100);
            for (int i = 0; i < n; i++) {
                sink.row(new Object[] {value});
            }
            sink.endRows();
        } else if (upper.startsWith("SELECT LENGTH('")) {
            int start = s.indexOf('\'') + 1;
            int end = s.lastIndexOf('\'');
            sink.columns(List.of(longColumn("len")));
            sink.row(new Object[] {(long) s.substring(start, end).length()});
            sink.endRows();
        } else if (upper.equals("SELECT WARN")) {
            session.warnings().warn(1265, "Data truncated for column 'c' at row 1");
            sink.ok(0, 0, null);
        } else if (upper.equals("SELECT ERR")) {
            throw new MySqlException(ErrorCode.NO_SUCH_TABLE, "test", "err");
        } else if (upper.equals("SELECT BOOM")) {
            throw new IllegalStateException("boom");
        } else if (upper.equals("SELECT WAIT")) {
            waitForRelease();
            sink.ok(0, 0, null);
        } else if (upper.startsWith("SET")) {
            Matcher m = Pattern.compile("autocommit\\s*=\\s*([01])", Pattern.CASE_INSENSITIVE).matcher(s);
            if (m.find()) {
                session.variables().set("autocommit", Long.parseLong(m.group(1)));
            }
            sink.ok(0, 0, null);
        } else if (upper.equals("BEGIN") || upper.startsWith("START TRANSACTION")) {
            session.setTransactionStatus(TransactionStatus.READ_WRITE);
            sink.ok(0, 0, null);
        } else if (upper.equals("COMMIT") || upper.equals("ROLLBACK")) {
            session.setTransactionStatus(TransactionStatus.NONE);
            sink.ok(0, 0, null);
        } else if (upper.startsWith("INSERT")) {
            if (!session.variables().autocommit()) {
                session.setTransactionStatus(TransactionStatus.READ_WRITE);
            }
            sink.ok(1, 7, null);
        } else if (upper.startsWith("USE")) {
            Matcher m = USE.matcher(s);
            String db = m.matches() ? m.group(1) : "";
            if (!DATABASES.contains(db)) {
                throw new MySqlException(ErrorCode.BAD_DB_ERROR, db);
            }
            session.setCurrentDatabase(db);
            sink.ok(0, 0, null);
        } else if (upper.startsWith("KILL ")) {
            long id = Long.parseLong(s.substring(5).trim());
            if (!sessions.killConnection(id)) {
                throw new MySqlException(ErrorCode.NO_SUCH_THREAD, id);
            }
            sink.ok(0, 0, null);
        } else if (upper.isEmpty()) {
            throw new MySqlException(ErrorCode.EMPTY_QUERY);
        } else {
            throw new MySqlException(ErrorCode.PARSE_ERROR, "You have an error in your SQL syntax near '" + s + "'");
        }
    }

    @Override
    public PreparedQuery prepare(Session session, String sql) {
        String upper = sql.trim().toUpperCase(Locale.ROOT);
        int params = (int) sql.chars().filter(c -> c == '?').count();
        if (upper.startsWith("SELECT ?")) {
            List<ColumnDefinition> columns = new ArrayList<>();
            for (int i = 0; i < params; i++) {
                columns.add(stringColumn("p" + (i + 1)));
            }
            return new Prepared(sql, params, columns);
        }
        if (upper.startsWith("INSERT")) {
            return new Prepared(sql, params, List.of());
        }
        if (upper.equals("SELECT 1")) {
            return new Prepared(sql, 0, List.of(longColumn("1")));
        }
        if (upper.equals("SELECT BADROW")) {
            return new Prepared(sql, 0, List.of(longColumn("a"), longColumn("b")));
        }
        throw new MySqlException(ErrorCode.UNSUPPORTED_PS);
    }

    @Override
    public void execute(Session session, PreparedQuery query, Object[] parameters, ResultSink sink) {
        executeParameters.add(parameters.clone());
        statements.add(query.sql());
        String upper = query.sql().trim().toUpperCase(Locale.ROOT);
        if (upper.startsWith("INSERT")) {
            sink.ok(1, 7, null);
            return;
        }
        sink.columns(query.resultColumns());
        if (upper.equals("SELECT 1")) {
            sink.row(new Object[] {1L});
        } else if (upper.equals("SELECT BADROW")) {
            sink.row(new Object[] {1L, "not a number"});
        } else {
            Object[] row = new Object[parameters.length];
            for (int i = 0; i < parameters.length; i++) {
                Object p = parameters[i];
                row[i] = p instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : p == null ? null
                        : p.toString();
            }
            sink.row(row);
        }
        sink.endRows();
    }

    /** Never: every statement of the fake runs on a worker. */
    @Override
    public NoWaitResult executeWithoutWaiting(Session session, PreparedQuery query, Object[] parameters,
                                              ResultSink sink, boolean commit) {
        return NoWaitResult.HAND_OFF;
    }

    /** Never, as above. */
    @Override
    public NoWaitResult executeWithoutWaiting(Session session, String sql, ResultSink sink, boolean commit) {
        return NoWaitResult.HAND_OFF;
    }

    @Override
    public List<ColumnDefinition> fieldList(Session session, String table, String wildcard) {
        if (!table.equals("t1")) {
            throw new MySqlException(ErrorCode.NO_SUCH_TABLE, "test", table);
        }
        return List.of(longColumn("id"), stringColumn("name"));
    }

    @Override
    public void reset(Session session) {
        resets.incrementAndGet();
        session.setTransactionStatus(TransactionStatus.NONE);
        session.userVariables().clear();
    }

    @Override
    public void close(Session session) {
        session.setTransactionStatus(TransactionStatus.NONE);
        closedSessions.incrementAndGet();
    }

    private void variables(Session session, String sql, ResultSink sink) {
        Matcher m = VARIABLE.matcher(sql);
        List<ColumnDefinition> columns = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        while (m.find()) {
            String name = m.group(1).toLowerCase(Locale.ROOT);
            String label = m.group(2) != null ? m.group(2) : m.group(0);
            Object value = session.variables().get(name);
            columns.add(value instanceof Long ? longColumn(label) : stringColumn(label));
            values.add(value);
        }
        sink.columns(columns);
        sink.row(values.toArray());
        sink.endRows();
    }

    private void waitForRelease() {
        CountDownLatch l = waiters;
        waiting.incrementAndGet();
        try {
            if (!l.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("SELECT WAIT was never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MySqlException(ErrorCode.QUERY_INTERRUPTED);
        } finally {
            waiting.decrementAndGet();
        }
    }

    private static String stripComment(String sql) {
        String s = sql.trim();
        while (s.startsWith("/*")) {
            int end = s.indexOf("*/");
            s = end < 0 ? "" : s.substring(end + 2).trim();
        }
        return s;
    }

    public static ColumnDefinition longColumn(String name) {
        return ColumnDefinition.computed(name, Collations.BINARY, 21, FieldType.LONGLONG,
                ColumnFlags.NOT_NULL | ColumnFlags.BINARY | ColumnFlags.NUM, 0);
    }

    public static ColumnDefinition stringColumn(String name) {
        return ColumnDefinition.computed(name, Collations.UTF8MB4_GENERAL_CI, 1024, FieldType.VAR_STRING, 0, 0x1f);
    }

    private record Prepared(String sql, int parameterCount, List<ColumnDefinition> resultColumns)
            implements PreparedQuery {
        @Override
        public boolean mayRunWithoutWaiting() {
            return false;
        }
    }
}
