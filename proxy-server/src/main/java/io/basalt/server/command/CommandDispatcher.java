package io.basalt.server.command;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.constants.CommandType;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Session;
import io.basalt.sql.engine.NoWaitResult;
import io.netty.buffer.ByteBuf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumMap;
import java.util.Map;

/**
 * Routes a logged-in connection's command packets to their {@link CommandHandler}s and turns failures into replies:
 * a {@link MySqlException} into its ERR, any other exception into ERR 1105 (logged with its stack trace), a command
 * byte nobody handles into ERR 1047; the connection stays open. A malformed payload, a client that went away, or a
 * failure after the command's final reply (which no ERR can follow without desynchronising the client) closes the
 * connection instead. Stateless and thread-safe.
 */
final class CommandDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(CommandDispatcher.class);

    private final Map<CommandType, CommandHandler> handlers = new EnumMap<>(CommandType.class);

    CommandDispatcher() {
        handlers.put(CommandType.COM_QUERY, new ComQueryHandler());
        handlers.put(CommandType.COM_INIT_DB, new ComInitDbHandler());
        handlers.put(CommandType.COM_PING, new ComPingHandler());
        handlers.put(CommandType.COM_QUIT, new ComQuitHandler());
        handlers.put(CommandType.COM_FIELD_LIST, new ComFieldListHandler());
        handlers.put(CommandType.COM_SET_OPTION, new ComSetOptionHandler());
        handlers.put(CommandType.COM_RESET_CONNECTION, new ComResetConnectionHandler());
        handlers.put(CommandType.COM_CHANGE_USER, new ComChangeUserHandler());
        handlers.put(CommandType.COM_STATISTICS, new ComStatisticsHandler());
        handlers.put(CommandType.COM_PROCESS_KILL, new ComProcessKillHandler());
        handlers.put(CommandType.COM_STMT_PREPARE, new ComStmtPrepareHandler());
        handlers.put(CommandType.COM_STMT_EXECUTE, new ComStmtExecuteHandler());
        handlers.put(CommandType.COM_STMT_SEND_LONG_DATA, new ComStmtSendLongDataHandler());
        handlers.put(CommandType.COM_STMT_RESET, new ComStmtResetHandler());
        handlers.put(CommandType.COM_STMT_CLOSE, new ComStmtCloseHandler());
        handlers.put(CommandType.COM_REGISTER_SLAVE, new ComRegisterSlaveHandler());
        handlers.put(CommandType.COM_BINLOG_DUMP, new ComBinlogDumpHandler());
    }

    /** Runs one command packet (its reply sequence already set up by the caller). */
    void dispatch(ClientConnection connection, ByteBuf payload) {
        if (!payload.isReadable()) {
            run(connection, "Error", () -> {
                throw new MalformedPacketException("empty command packet");
            });
            return;
        }
        CommandType type = CommandType.ofCode(payload.getUnsignedByte(0));
        connection.server().metrics().command(type);
        CommandHandler handler = type == null ? null : handlers.get(type);
        if (handler == null) {
            run(connection, "Error", () -> {
                throw new MySqlException(ErrorCode.UNKNOWN_COM_ERROR);
            });
            return;
        }
        run(connection, handler.processListName(), () -> handler.handle(connection, payload));
    }

    /**
     * Runs a command packet on the connection's event loop if it can finish there without waiting (a COM_STMT_EXECUTE
     * of a plain read, an in-transaction write or an autocommit write whose commit is left pending, a COM_QUERY of
     * transaction control: see the handlers' {@link CommandHandler#handleWithoutWaiting});
     * {@link NoWaitResult#HAND_OFF}, with nothing sent or counted, when it must go to {@link #dispatch} on a worker.
     * Errors are replied to as by {@link #dispatch}, also those a pending command's finish raises.
     */
    NoWaitResult dispatchWithoutWaiting(ClientConnection connection, ByteBuf payload) {
        CommandType type = payload.isReadable() ? CommandType.ofCode(payload.getUnsignedByte(0)) : null;
        CommandHandler handler = type == null ? null : handlers.get(type);
        if (handler == null) {
            return NoWaitResult.HAND_OFF;
        }
        NoWaitResult[] result = {NoWaitResult.DONE};
        run(connection, handler.processListName(), () -> result[0] = handler.handleWithoutWaiting(connection,
                payload));
        if (!result[0].isPending()) {
            return counted(connection, type, result[0] == NoWaitResult.DONE);
        }
        NoWaitResult pending = result[0];
        return NoWaitResult.pending(pending.settled(), () -> {
            boolean[] done = {true};
            run(connection, handler.processListName(), () -> done[0] = pending.finish());
            return counted(connection, type, done[0]) == NoWaitResult.DONE;
        });
    }

    private static NoWaitResult counted(ClientConnection connection, CommandType type, boolean done) {
        if (done) {
            connection.server().metrics().command(type);
        }
        return NoWaitResult.of(done);
    }

    /**
     * Runs a piece of command processing with the error handling described above; also used for the continuation of
     * COM_CHANGE_USER after an auth switch.
     */
    void run(ClientConnection connection, String processListName, Runnable body) {
        Session session = connection.session();
        session.clearQueryKilled();
        session.setCommand(processListName, null);
        try {
            body.run();
        } catch (ClientGoneException e) {
            connection.close();
        } catch (MalformedPacketException e) {
            LOG.debug("connection {}: malformed packet ({}); closing", session.connectionId(), e.detail());
            reply(connection, e);
            connection.close();
        } catch (MySqlException e) {
            reply(connection, e);
        } catch (RuntimeException e) {
            LOG.warn("connection {}: command failed unexpectedly", session.connectionId(), e);
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            reply(connection, new MySqlException(e, ErrorCode.UNKNOWN_ERROR, message));
        } finally {
            session.setCommand("Sleep", null);
        }
    }

    private static void reply(ClientConnection connection, MySqlException e) {
        ResponseWriter responses = connection.responses();
        if (responses.finished()) {
            LOG.warn("connection {}: error after the command's reply was complete; closing",
                    connection.session().connectionId(), e);
            connection.close();
            return;
        }
        try {
            responses.error(e);
        } catch (ClientGoneException gone) {
            connection.close();
        }
    }
}
