package io.basalt.server.command;

import io.netty.buffer.ByteBuf;

/** COM_QUIT: no reply; the connection closes (its session is rolled back and released). */
final class ComQuitHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Quit";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        connection.responses().markFinished();
        connection.close();
    }
}
