package io.basalt.server.command;

import io.basalt.server.auth.UserAccounts;
import io.basalt.server.metrics.ServerMetrics;
import io.basalt.server.replication.ReplicationService;
import io.basalt.session.SessionRegistry;
import io.basalt.sql.engine.SqlEngine;
import io.basalt.sql.sysvar.SystemVariables;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every connection of one server shares: the SQL engine, the session registry, the global system variables,
 * the accounts, the meters, the binlog dump service, and the server-wide count of open prepared statements (max_prepared_stmt_count is a
 * global limit in MySQL). Thread-safe.
 */
public final class ServerContext {
    private final SqlEngine engine;
    private final SessionRegistry sessions;
    private final SystemVariables globals;
    private final UserAccounts accounts;
    private final ServerMetrics metrics;
    private final String serverVersion;
    private final String greetingAuthPlugin;
    private final ReplicationService replication;
    private final boolean eventLoopCommits;
    private final SecureRandom random = new SecureRandom();
    private final AtomicLong preparedStatements = new AtomicLong();

    public ServerContext(SqlEngine engine, SessionRegistry sessions, SystemVariables globals, UserAccounts accounts,
                         ServerMetrics metrics, String serverVersion, String greetingAuthPlugin,
                         ReplicationService replication, boolean eventLoopCommits) {
        this.engine = engine;
        this.sessions = sessions;
        this.globals = globals;
        this.accounts = accounts;
        this.metrics = metrics;
        this.serverVersion = serverVersion;
        this.greetingAuthPlugin = greetingAuthPlugin;
        this.replication = replication;
        this.eventLoopCommits = eventLoopCommits;
    }

    /** Whether a statement tried on the event loop may commit there, replying once durable (event_loop_commits). */
    public boolean eventLoopCommits() {
        return eventLoopCommits;
    }

    public SqlEngine engine() {
        return engine;
    }

    public SessionRegistry sessions() {
        return sessions;
    }

    public SystemVariables globals() {
        return globals;
    }

    public UserAccounts accounts() {
        return accounts;
    }

    public ServerMetrics metrics() {
        return metrics;
    }

    public String serverVersion() {
        return serverVersion;
    }

    public String greetingAuthPlugin() {
        return greetingAuthPlugin;
    }

    public ReplicationService replication() {
        return replication;
    }

    public SecureRandom random() {
        return random;
    }

    /** Reserves a slot for a new prepared statement; false when max_prepared_stmt_count are open. */
    boolean tryOpenPreparedStatement() {
        long max = globals.getLong("max_prepared_stmt_count");
        while (true) {
            long open = preparedStatements.get();
            if (open >= max) {
                return false;
            }
            if (preparedStatements.compareAndSet(open, open + 1)) {
                return true;
            }
        }
    }

    void closePreparedStatements(int count) {
        preparedStatements.addAndGet(-count);
    }

    /** Prepared statements open on all connections (Prepared_stmt_count). */
    public long openPreparedStatements() {
        return preparedStatements.get();
    }
}
