package io.basalt.server.command;

import io.basalt.protocol.command.StatementParameters;
import io.basalt.sql.engine.PreparedQuery;

import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * One prepared statement of a connection: the engine's {@link PreparedQuery}, the parameter types of the last
 * execute that sent them (later executes with new_params_bound = 0 reuse them) and the long data sent since the last
 * execute or reset. Owned by the connection's command thread.
 */
final class ServerPreparedStatement {
    private final long id;
    private final PreparedQuery query;
    private final long maxLongData;
    private int[] boundTypes;
    private final Map<Integer, ByteArrayOutputStream> longData = new HashMap<>();
    private boolean longDataTooLarge;

    ServerPreparedStatement(long id, PreparedQuery query, long maxLongData) {
        this.id = id;
        this.query = query;
        this.maxLongData = maxLongData;
    }

    long id() {
        return id;
    }

    PreparedQuery query() {
        return query;
    }

    /** What {@link io.basalt.protocol.command.StmtExecuteRequest#decode} needs to know about this statement. */
    StatementParameters parameters() {
        Map<Integer, byte[]> data = new HashMap<>();
        longData.forEach((param, bytes) -> data.put(param, bytes.toByteArray()));
        return new StatementParameters(query.parameterCount(), boundTypes, data);
    }

    /** Remembers the types an execute sent, for the executes that will not send them again. */
    void bind(int[] types) {
        boundTypes = types.clone();
    }

    /**
     * Appends a COM_STMT_SEND_LONG_DATA chunk. A chunk for a parameter the statement does not have is dropped (MySQL
     * reports nothing for this command; the execute fails later if anything is wrong).
     */
    void appendLongData(int param, byte[] chunk) {
        if (param < 0 || param >= query.parameterCount()) {
            return;
        }
        ByteArrayOutputStream buf = longData.computeIfAbsent(param, p -> new ByteArrayOutputStream());
        if (buf.size() + (long) chunk.length > maxLongData) {
            longDataTooLarge = true;
            return;
        }
        buf.writeBytes(chunk);
    }

    /** Whether COM_STMT_SEND_LONG_DATA sent a parameter since the last execute. */
    boolean hasLongData() {
        return !longData.isEmpty() || longDataTooLarge;
    }

    /** Whether some parameter's long data exceeded max_allowed_packet (the next execute fails with 1153). */
    boolean longDataTooLarge() {
        return longDataTooLarge;
    }

    /** After an execute and on COM_STMT_RESET: long data is consumed once. Bound types stay. */
    void clearLongData() {
        longData.clear();
        longDataTooLarge = false;
    }
}
