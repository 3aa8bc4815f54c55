package io.basalt.server.command;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.engine.PreparedQuery;

import java.util.HashMap;
import java.util.Map;

/**
 * A connection's prepared statements by id. Ids start at 1 and increase per connection; 0xFFFFFFFF stands for the
 * statement prepared last (MariaDB Connector/J pipelines PREPARE and EXECUTE with it). The server-wide
 * max_prepared_stmt_count is enforced through {@link ServerContext}. Owned by the connection's command thread.
 */
final class PreparedStatements {
    static final long LAST_PREPARED = 0xFFFF_FFFFL;
    private static final int MAX_PREPARED_STMT_COUNT_REACHED = 1461;

    private final ServerContext server;
    private final Map<Long, ServerPreparedStatement> statements = new HashMap<>();
    private long lastId;
    private ServerPreparedStatement lastPrepared;

    PreparedStatements(ServerContext server) {
        this.server = server;
    }

    /** @throws MySqlException 1461 when max_prepared_stmt_count statements are open server-wide */
    ServerPreparedStatement add(PreparedQuery query, long maxLongData) {
        if (!server.tryOpenPreparedStatement()) {
            throw new MySqlException(MAX_PREPARED_STMT_COUNT_REACHED, "42000",
                    "Can't create more than max_prepared_stmt_count statements (current value: "
                            + server.globals().getLong("max_prepared_stmt_count") + ")", null);
        }
        lastId = lastId >= LAST_PREPARED - 1 ? 1 : lastId + 1;
        ServerPreparedStatement stmt = new ServerPreparedStatement(lastId, query, maxLongData);
        ServerPreparedStatement replaced = statements.put(lastId, stmt);
        if (replaced != null) {
            server.closePreparedStatements(1);
        }
        lastPrepared = stmt;
        return stmt;
    }

    /** @return the statement, or null when no statement has this id */
    ServerPreparedStatement get(long id) {
        return id == LAST_PREPARED ? lastPrepared : statements.get(id);
    }

    void close(long id) {
        ServerPreparedStatement stmt = statements.remove(id == LAST_PREPARED && lastPrepared != null
                ? lastPrepared.id() : id);
        if (stmt != null) {
            server.closePreparedStatements(1);
            if (stmt == lastPrepared) {
                lastPrepared = null;
            }
        }
    }

    /** COM_RESET_CONNECTION, COM_CHANGE_USER and disconnect. */
    void closeAll() {
        server.closePreparedStatements(statements.size());
        statements.clear();
        lastPrepared = null;
    }

    int size() {
        return statements.size();
    }
}
