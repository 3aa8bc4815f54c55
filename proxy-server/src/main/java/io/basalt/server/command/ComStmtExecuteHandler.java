package io.basalt.server.command;

import io.basalt.protocol.command.StmtExecuteRequest;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.engine.NoWaitResult;
import io.netty.buffer.ByteBuf;

/**
 * COM_STMT_EXECUTE: decodes the parameters with the types sent now or, when new_params_bound is 0, the types the
 * statement kept from an earlier execute; runs the engine's prepared query; answers with binary rows or OK. Statement
 * id 0xFFFFFFFF means the statement prepared last; an unknown id fails with 1243. Long data is consumed by the
 * execute, successful or not.
 */
final class ComStmtExecuteHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Execute";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        StmtExecuteRequest request = decode(connection, payload);
        ServerPreparedStatement statement = connection.statements().get(request.statementId());
        try {
            bind(statement, request);
            if (statement.longDataTooLarge()) {
                throw new MySqlException(ErrorCode.NET_PACKET_TOO_LARGE);
            }
            ResultSetWriter result = resultWriter(connection, statement);
            connection.server().engine().execute(connection.session(), statement.query(),
                    request.parameterValues(), result);
            result.checkComplete();
        } finally {
            statement.clearLongData();
        }
    }

    /**
     * The execute on the connection's event loop, for a statement the engine can finish there without waiting. A
     * statement with long data always goes to a worker (its execute consumes the long data).
     */
    @Override
    public NoWaitResult handleWithoutWaiting(ClientConnection connection, ByteBuf payload) {
        int start = payload.readerIndex();
        ServerPreparedStatement statement = payload.readableBytes() >= 5
                ? connection.statements().get(payload.getUnsignedIntLE(start + 1)) : null;
        if (statement == null || statement.hasLongData() || !statement.query().mayRunWithoutWaiting()) {
            return NoWaitResult.HAND_OFF;
        }
        StmtExecuteRequest request = decode(connection, payload);
        bind(statement, request);
        ResultSetWriter result = resultWriter(connection, statement);
        return CommandHandler.checked(connection.server().engine().executeWithoutWaiting(connection.session(),
                statement.query(), request.parameterValues(), result, connection.server().eventLoopCommits()),
                result, payload, start);
    }

    private static StmtExecuteRequest decode(ClientConnection connection, ByteBuf payload) {
        PreparedStatements statements = connection.statements();
        return StmtExecuteRequest.decode(payload, id -> {
            ServerPreparedStatement s = statements.get(id);
            return s == null ? null : s.parameters();
        });
    }

    /** Keeps the parameter types sent with this execute for later ones that send none (idempotent). */
    private static void bind(ServerPreparedStatement statement, StmtExecuteRequest request) {
        if (request.newParameterTypes() != null) {
            statement.bind(request.newParameterTypes());
        }
    }

    private ResultSetWriter resultWriter(ClientConnection connection, ServerPreparedStatement statement) {
        connection.session().setCommand(processListName(), statement.query().sql());
        return new ResultSetWriter(connection.responses(), ResultSetWriter.RowFormat.BINARY);
    }
}
