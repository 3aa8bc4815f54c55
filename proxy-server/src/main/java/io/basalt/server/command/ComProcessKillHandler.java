package io.basalt.server.command;

import io.basalt.protocol.command.ComProcessKill;
import io.netty.buffer.ByteBuf;

/** COM_PROCESS_KILL: the engine runs {@code KILL id} (KILL CONNECTION), with its permission checks and errors. */
final class ComProcessKillHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Kill";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        long id = ComProcessKill.decode(payload).connectionId();
        ResultSetWriter result = new ResultSetWriter(connection.responses(), ResultSetWriter.RowFormat.TEXT);
        connection.server().engine().execute(connection.session(), "KILL " + id, result);
        result.checkComplete();
    }
}
