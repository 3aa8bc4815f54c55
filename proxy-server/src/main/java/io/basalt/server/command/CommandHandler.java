package io.basalt.server.command;

import io.basalt.sql.engine.NoWaitResult;
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
     * The command on the connection's event loop, when it can finish there without waiting, or be left pending until
     * its commit is durable ({@link NoWaitResult}); {@link NoWaitResult#HAND_OFF}, with the payload unread and nothing
     * sent (the caller drops any reply begun), when it must go to {@link #handle} on a worker. A pending command's
     * {@link NoWaitResult#finish} hands off the same way. Only commands that override this are ever tried there.
     */
    default NoWaitResult handleWithoutWaiting(ClientConnection connection, ByteBuf payload) {
        return NoWaitResult.HAND_OFF;
    }

    /**
     * What the engine's run without waiting came to, as the handler returns it: a result that is done is checked
     * complete; one handed off, at once or when a pending one finishes, leaves the payload unread from {@code start}.
     */
    static NoWaitResult checked(NoWaitResult r, ResultSetWriter result, ByteBuf payload, int start) {
        if (r == NoWaitResult.HAND_OFF) {
            payload.readerIndex(start);
            return r;
        }
        if (!r.isPending()) {
            result.checkComplete();
            return r;
        }
        return NoWaitResult.pending(r.settled(), () -> {
            if (!r.finish()) {
                payload.readerIndex(start);
                return false;
            }
            result.checkComplete();
            return true;
        });
    }
}
