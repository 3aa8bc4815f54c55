package io.basalt.server.command;

import io.basalt.protocol.command.ComInitDb;
import io.netty.buffer.ByteBuf;

/** COM_INIT_DB: the engine runs {@code USE `schema`} and answers OK or 1049. */
final class ComInitDbHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Init DB";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        String schema = ComInitDb.decode(payload).schema();
        ResultSetWriter result = new ResultSetWriter(connection.responses(), ResultSetWriter.RowFormat.TEXT);
        connection.server().engine().execute(connection.session(), ClientConnection.useStatement(schema), result);
        result.checkComplete();
    }
}
