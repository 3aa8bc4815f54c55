package io.basalt.sql.exec;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Session;
import io.basalt.sql.binlog.RowLog;
import io.basalt.sql.binlog.SqlBinlog;
import io.basalt.sql.catalog.Catalog;
import io.basalt.sql.dml.AutoIncrementReplay;
import io.basalt.sql.sysvar.SqlModes;
import io.basalt.sql.value.EvalContext;
import io.basalt.storage.txn.Transaction;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Everything one statement execution needs: session, transaction, parameter values, the statement's clock, and
 * the rows of enclosing queries for correlated subqueries. One instance per execution, used by its worker thread.
 */
public final class ExecContext implements EvalContext {
    private final Session session;
    private final Catalog catalog;
    private final Transaction txn;
    private final Object[] params;
    private final String serverVersion;
    private final LocalDateTime statementTime;
    private final ZoneId zone;
    private final boolean strict;
    private final boolean divisionByZeroIsError;
    private final Deque<Object[]> outerRows = new ArrayDeque<>();
    private Map<Object, Object> statementState;
    private final RowLog rowLog;
    private final SqlBinlog binlog;
    private final AutoIncrementReplay autoIncrement;

    /**
     * @param rowLog        where the statement reports the rows it changes (the binlog)
     * @param binlog        the server's binary log, for BINLOG_GTID_POS()
     * @param autoIncrement where the statement takes its AUTO_INCREMENT values (the session's)
     */
    public ExecContext(Session session, Catalog catalog, Transaction txn, Object[] params, String serverVersion,
                       boolean changesData, RowLog rowLog, SqlBinlog binlog, AutoIncrementReplay autoIncrement) {
        this.rowLog = rowLog;
        this.binlog = binlog;
        this.autoIncrement = autoIncrement;
        this.session = session;
        this.catalog = catalog;
        this.txn = txn;
        this.params = params;
        this.serverVersion = serverVersion;
        this.zone = SessionClock.zone(session);
        this.statementTime = SessionClock.now(session, zone);
        String mode = session.variables().getString("sql_mode");
        this.strict = SqlModes.contains(mode, "STRICT_TRANS_TABLES") || SqlModes.contains(mode, "STRICT_ALL_TABLES");
        this.divisionByZeroIsError = changesData && strict && SqlModes.contains(mode, "ERROR_FOR_DIVISION_BY_ZERO");
    }

    public Session session() {
        return session;
    }

    /** The catalog (auto-increment allocation, definitions). */
    public Catalog catalog() {
        return catalog;
    }

    /** Where the statement takes its AUTO_INCREMENT values. */
    public AutoIncrementReplay autoIncrement() {
        return autoIncrement;
    }

    /** The statement's transaction (null for statements that read no table data). */
    public Transaction txn() {
        return txn;
    }

    /** Where the statement reports the rows it changes. */
    public RowLog rowLog() {
        return rowLog;
    }

    public Object param(int index) {
        if (params == null || index >= params.length) {
            throw new MySqlException(ErrorCode.WRONG_ARGUMENTS, "mysqld_stmt_execute");
        }
        return params[index];
    }

    /** Rows of the enclosing queries, innermost first: correlated column references read them. */
    public Object[] outerRow(int depth) {
        int i = 0;
        for (Object[] r : outerRows) {
            if (i++ == depth) {
                return r;
            }
        }
        throw new IllegalStateException("no outer row at depth " + depth);
    }

    public void pushOuterRow(Object[] row) {
        outerRows.push(row);
    }

    public void popOuterRow() {
        outerRows.pop();
    }

    @Override
    public LocalDateTime statementTime() {
        return statementTime;
    }

    @Override
    public String currentDatabase() {
        return session.currentDatabase();
    }

    @Override
    public String user() {
        return session.user() + "@" + session.host();
    }

    @Override
    public String currentUser() {
        return session.user() + "@%";
    }

    @Override
    public long connectionId() {
        return session.connectionId();
    }

    @Override
    public long lastInsertId() {
        return session.lastInsertId();
    }

    @Override
    public void setLastInsertId(long id) {
        session.setLastInsertId(id);
    }

    @Override
    public String binlogGtidPos(String file, long offset) {
        return binlog.gtidPositionAt(file, offset);
    }

    @Override
    public String serverVersion() {
        return serverVersion;
    }

    @Override
    public void warn(int code, String message) {
        session.warnings().warn(code, message);
    }

    @Override
    public void note(int code, String message) {
        if (session.variables().getLong("sql_notes") != 0) {
            session.warnings().add("Note", code, message);
        }
    }

    @Override
    public boolean strictMode() {
        return strict;
    }

    @Override
    public boolean divisionByZeroIsError() {
        return divisionByZeroIsError;
    }

    @Override
    public int divPrecisionIncrement() {
        return (int) session.variables().getLong("div_precision_increment");
    }

    @Override
    public ZoneId timeZone() {
        return zone;
    }

    @Override
    public long maxAllowedPacket() {
        return session.variables().maxAllowedPacket();
    }

    @Override
    public long groupConcatMaxLen() {
        return session.variables().getLong("group_concat_max_len");
    }

    @Override
    public int defaultWeekFormat() {
        return (int) session.variables().getLong("default_week_format");
    }

    @Override
    public void checkKilled() {
        if (session.isQueryKilled()) {
            throw new MySqlException(ErrorCode.QUERY_INTERRUPTED);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T statementState(Object key, Supplier<T> init) {
        if (statementState == null) {
            statementState = new HashMap<>();
        }
        // not computeIfAbsent: init may itself add state (a subquery inside a subquery), which HashMap forbids
        T value = (T) statementState.get(key);
        if (value == null) {
            value = init.get();
            statementState.put(key, value);
        }
        return value;
    }
}
