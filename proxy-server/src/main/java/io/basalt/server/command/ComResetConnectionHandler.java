package io.basalt.server.command;

import io.netty.buffer.ByteBuf;

/**
 * COM_RESET_CONNECTION: rolls back, drops user variables and temporary state (the engine), resets session variables
 * to the globals and closes the connection's prepared statements; the user and database stay. Answered with OK.
 */
final class ComResetConnectionHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Reset connection";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        connection.resetSession();
        connection.responses().ok(0, 0, null);
    }
}
