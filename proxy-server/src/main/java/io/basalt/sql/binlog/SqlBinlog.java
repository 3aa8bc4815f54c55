package io.basalt.sql.binlog;

import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.QueryEvent;
import io.basalt.protocol.binlog.QueryStatusVars;
import io.basalt.session.Session;
import io.basalt.sql.sysvar.CharacterSets;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.SqlModes;
import io.basalt.storage.binlog.BinlogService;

import java.time.Instant;

/**
 * The SQL layer's handle on the binary log: per-session transaction logs for row events and the standalone
 * GTID + Query groups of DDL. Off ({@link #OFF}, or a service opened with log_bin off) nothing is written.
 * Thread-safe (the service is).
 */
public final class SqlBinlog {
    /** No binary log (tests and tools that run the engine without one). */
    public static final SqlBinlog OFF = new SqlBinlog(null);

    private final BinlogService service;
    private final ReplicaHosts replicaHosts = new ReplicaHosts();

    public SqlBinlog(BinlogService service) {
        this.service = service;
    }

    public boolean enabled() {
        return service != null && service.enabled();
    }

    /** The storage binlog; null for {@link #OFF}. */
    public BinlogService service() {
        return service;
    }

    /** BINLOG_GTID_POS(file, offset); null when the log is off or the position is not one a replica can start at. */
    public String gtidPositionAt(String file, long offset) {
        return enabled() ? service.gtidPositionAt(file, offset) : null;
    }

    /** The replicas registered with COM_REGISTER_SLAVE (SHOW SLAVE HOSTS). */
    public ReplicaHosts replicaHosts() {
        return replicaHosts;
    }

    /** A transaction log for a new session, or null when nothing is logged. */
    public TransactionBinlog newTransactionLog() {
        return enabled() ? new TransactionBinlog(this) : null;
    }

    /** Whether the session's statements go to the binlog (log_bin on, sql_log_bin=1). */
    public boolean logs(Session session) {
        return enabled() && session.variables().getLong("sql_log_bin") != 0;
    }

    /**
     * Writes a DDL statement that has just changed the catalog as a standalone GTID + Query group. Called while
     * the catalog's DDL lock is held, so DDL groups are in the order the catalog changed.
     *
     * @param databaseLevel CREATE/DROP DATABASE: MariaDB marks those Query events "suppress USE"
     */
    public void logDdl(Session session, String sql, boolean databaseLevel) {
        if (!logs(session)) {
            return;
        }
        SessionVariables vars = session.variables();
        String db = session.currentDatabase();
        QueryStatusVars status = QueryStatusVars.of(SqlModes.bits(vars.getString("sql_mode")),
                charsetId(vars.getString("character_set_client")),
                collationId(vars.getString("collation_connection")),
                collationId(vars.getString("collation_server")));
        QueryEvent query = new QueryEvent(session.connectionId(), 0, 0, db == null ? "" : db, sql, status);
        service.writeStandalone(query, Instant.now().getEpochSecond(),
                databaseLevel ? EventFlags.SUPPRESS_USE : 0);
    }

    /** FLUSH BINARY LOGS: rotate to a new file (nothing when the log is off). */
    public void flush() {
        if (enabled()) {
            service.flush();
        }
    }

    private static int charsetId(String charset) {
        return CharacterSets.charset(charset == null ? "utf8mb4" : charset)
                .map(c -> collationId(c.defaultCollation())).orElse(45);
    }

    private static int collationId(String collation) {
        return collation == null ? 45
                : CharacterSets.collation(collation).map(CharacterSets.Collation::id).orElse(45);
    }
}
