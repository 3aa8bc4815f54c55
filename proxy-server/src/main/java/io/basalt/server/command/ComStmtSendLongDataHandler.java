package io.basalt.server.command;

import io.basalt.protocol.command.StmtSendLongData;
import io.netty.buffer.ByteBuf;

/** COM_STMT_SEND_LONG_DATA: appends a chunk to a parameter's value. Never answered, even for an unknown statement. */
final class ComStmtSendLongDataHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Long Data";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        StmtSendLongData chunk = StmtSendLongData.decode(payload);
        ServerPreparedStatement statement = connection.statements().get(chunk.statementId());
        if (statement != null) {
            statement.appendLongData(chunk.paramId(), chunk.data());
        }
        connection.responses().markFinished();
    }
}
