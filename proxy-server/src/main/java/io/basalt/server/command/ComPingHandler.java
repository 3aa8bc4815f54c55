package io.basalt.server.command;

import io.netty.buffer.ByteBuf;

/** COM_PING: OK with the session's status flags. */
final class ComPingHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Ping";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        connection.responses().ok(0, 0, null);
    }
}
