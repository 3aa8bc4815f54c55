package io.basalt.server.command;

import io.basalt.protocol.command.StmtReset;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.netty.buffer.ByteBuf;

/** COM_STMT_RESET: drops the statement's long data (bound types stay); OK, or 1243 for an unknown statement. */
final class ComStmtResetHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Reset stmt";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        long id = StmtReset.decode(payload).statementId();
        ServerPreparedStatement statement = connection.statements().get(id);
        if (statement == null) {
            throw new MySqlException(ErrorCode.UNKNOWN_STMT_HANDLER, Long.toUnsignedString(id), "mysqld_stmt_reset");
        }
        statement.clearLongData();
        connection.responses().ok(0, 0, null);
    }
}
