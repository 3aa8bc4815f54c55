package io.basalt.server.command;

import io.netty.buffer.ByteBuf;

/**
 * Executes one kind of client command (one COM_ byte) and writes its reply through the connection's
 * {@link ResponseWriter}. Failures are thrown: a {@link io.basalt.protocol.error.MySqlException} becomes the ERR
 * reply, anything else ERR 1105. Implementations are stateless; per-connection state lives in
 * {@link ClientConnection}.
 */
interface CommandHandler {
    /** What SHOW PROCESSLIST shows in its Command column while the command runs. */
    String processListName();

    /** @param payload the whole command payload; index 0 is the command byte */
    void handle(ClientConnection connection, ByteBuf payload);

    /**
     * The command on the connection's event loop, when it can finish there without waiting; false, with the payload
     * unread and nothing sent (the caller drops any reply begun), when it must go to {@link #handle} on a worker.
     * Only commands that override this are ever tried there.
     */
    default boolean handleWithoutWaiting(ClientConnection connection, ByteBuf payload) {
        return false;
    }
}
