package io.basalt.server.command;

import io.basalt.protocol.command.StmtExecuteRequest;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
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
        PreparedStatements statements = connection.statements();
        StmtExecuteRequest request = StmtExecuteRequest.decode(payload, id -> {
            ServerPreparedStatement s = statements.get(id);
            return s == null ? null : s.parameters();
        });
        ServerPreparedStatement statement = statements.get(request.statementId());
        try {
            if (request.newParameterTypes() != null) {
                statement.bind(request.newParameterTypes());
            }
            if (statement.longDataTooLarge()) {
                throw new MySqlException(ErrorCode.NET_PACKET_TOO_LARGE);
            }
            connection.session().setCommand(processListName(), statement.query().sql());
            ResultSetWriter result = new ResultSetWriter(connection.responses(), ResultSetWriter.RowFormat.BINARY);
            connection.server().engine().execute(connection.session(), statement.query(),
                    request.parameterValues(), result);
            result.checkComplete();
        } finally {
            statement.clearLongData();
        }
    }
}
