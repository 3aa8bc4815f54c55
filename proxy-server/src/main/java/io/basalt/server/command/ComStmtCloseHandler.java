package io.basalt.server.command;

import io.basalt.protocol.command.StmtClose;
import io.netty.buffer.ByteBuf;

/** COM_STMT_CLOSE: forgets the statement. Never answered; an unknown id is ignored. */
final class ComStmtCloseHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Close stmt";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        connection.statements().close(StmtClose.decode(payload).statementId());
        connection.responses().markFinished();
    }
}
