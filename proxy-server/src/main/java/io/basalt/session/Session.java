package io.basalt.session;

import io.basalt.protocol.constants.ServerStatus;
import io.basalt.sql.sysvar.SessionVariables;

import java.util.HashMap;
import java.util.Map;

/**
 * The state of one client connection that outlives a statement: identity, current database, variables, warnings,
 * last insert id, and the SQL engine's per-session state (open transaction, plan handles).
 *
 * <p>Threading: owned by the connection; read and written only by the one worker thread that runs the
 * connection's current command, except the fields marked volatile, which KILL and SHOW PROCESSLIST read or set from
 * other sessions.
 */
public final class Session {
    private final long connectionId;
    private final String host;
    private volatile String user;
    private volatile String currentDatabase;
    private int clientCapabilities;
    private final SessionVariables variables;
    private final Map<String, Object> userVariables = new HashMap<>();
    private final Warnings warnings = new Warnings();
    private long lastInsertId;
    private Object engineState;
    private volatile boolean queryKilled;
    private volatile boolean connectionKilled;
    private volatile String command = "Sleep";
    private volatile String info;
    private volatile long commandStartMillis = System.currentTimeMillis();

    public Session(long connectionId, String user, String host, SessionVariables variables) {
        this.connectionId = connectionId;
        this.user = user;
        this.host = host;
        this.variables = variables;
    }

    public long connectionId() {
        return connectionId;
    }

    public String user() {
        return user;
    }

    public void setUser(String user) {
        this.user = user;
    }

    public String host() {
        return host;
    }

    /** @return the current database, or null when none is selected */
    public String currentDatabase() {
        return currentDatabase;
    }

    public void setCurrentDatabase(String db) {
        this.currentDatabase = db;
    }

    public int clientCapabilities() {
        return clientCapabilities;
    }

    public void setClientCapabilities(int caps) {
        this.clientCapabilities = caps;
    }

    public SessionVariables variables() {
        return variables;
    }

    /** User variables ({@code @name}), keyed by lower-case name as MySQL matches them case-insensitively. */
    public Map<String, Object> userVariables() {
        return userVariables;
    }

    public Warnings warnings() {
        return warnings;
    }

    public long lastInsertId() {
        return lastInsertId;
    }

    public void setLastInsertId(long id) {
        this.lastInsertId = id;
    }

    /** The SQL engine's own per-session state (opaque to the connection layer). */
    @SuppressWarnings("unchecked")
    public <T> T engineState() {
        return (T) engineState;
    }

    public void setEngineState(Object state) {
        this.engineState = state;
    }

    /** The engine reports whether a transaction is open; status flags derive from it. */
    private volatile TransactionStatus transactionStatus = TransactionStatus.NONE;

    public TransactionStatus transactionStatus() {
        return transactionStatus;
    }

    public void setTransactionStatus(TransactionStatus status) {
        this.transactionStatus = status;
    }

    /** SERVER_STATUS bits for the next OK/EOF, computed here and nowhere else. */
    public int statusFlags() {
        int flags = 0;
        if (variables.autocommit()) {
            flags |= ServerStatus.AUTOCOMMIT;
        }
        switch (transactionStatus) {
            case READ_WRITE -> flags |= ServerStatus.IN_TRANS;
            case READ_ONLY -> flags |= ServerStatus.IN_TRANS | ServerStatus.IN_TRANS_READONLY;
            case NONE -> { }
        }
        return flags;
    }

    public boolean isQueryKilled() {
        return queryKilled;
    }

    /** KILL QUERY from another session: the running statement stops at its next check with error 1317. */
    public void killQuery() {
        queryKilled = true;
    }

    public void clearQueryKilled() {
        queryKilled = false;
    }

    public boolean isConnectionKilled() {
        return connectionKilled;
    }

    public void killConnection() {
        connectionKilled = true;
        queryKilled = true;
    }

    /** For SHOW PROCESSLIST: what the connection does now ("Sleep", "Query", ...) and the statement text. */
    public void setCommand(String command, String info) {
        this.command = command;
        this.info = info;
        this.commandStartMillis = System.currentTimeMillis();
    }

    public String command() {
        return command;
    }

    public String info() {
        return info;
    }

    public long commandStartMillis() {
        return commandStartMillis;
    }

    /** Connection attributes the client sent at login (program name, driver, ...); empty when it sent none. */
    private volatile Map<String, String> connectAttributes = Map.of();

    public Map<String, String> connectAttributes() {
        return connectAttributes;
    }

    public void setConnectAttributes(Map<String, String> attributes) {
        this.connectAttributes = Map.copyOf(attributes);
    }
}
