package io.basalt.server.command;

import io.basalt.protocol.command.ComQuery;
import io.basalt.session.Session;
import io.basalt.sql.engine.NoWaitResult;
import io.basalt.sql.engine.SqlEngine;
import io.netty.buffer.ByteBuf;

import java.util.List;

/**
 * COM_QUERY. With multi-statements on (the client's CLIENT_MULTI_STATEMENTS or COM_SET_OPTION) the text is split by
 * the engine and each statement answered in turn, every reply but the last flagged MORE_RESULTS_EXISTS; the first
 * failure ends the chain with its ERR. With multi-statements off the engine gets the whole text as one statement (a
 * second statement in it is then a syntax error, as in MySQL).
 */
final class ComQueryHandler implements CommandHandler {
    /**
     * Longest text tried on the event loop: a statement whose plan is cached (sysbench's oltp_insert sends its rows
     * as text, about 250 bytes), or transaction control; decoding a longer text there only to hand it to a worker
     * would be wasted.
     */
    private static final int MAX_TEXT_WITHOUT_WAITING = 4096;

    @Override
    public String processListName() {
        return "Query";
    }

    /**
     * A statement whose plan the engine has cached, or BEGIN, COMMIT or ROLLBACK (see the engine's
     * executeWithoutWaiting). With multi-statements on, only a text that is one statement.
     */
    @Override
    public NoWaitResult handleWithoutWaiting(ClientConnection connection, ByteBuf payload) {
        if (payload.readableBytes() > 1 + MAX_TEXT_WITHOUT_WAITING) {
            return NoWaitResult.HAND_OFF;
        }
        int start = payload.readerIndex();
        String sql = ComQuery.decode(payload).sql();
        SqlEngine engine = connection.server().engine();
        if (connection.multiStatements()) {
            List<String> statements = engine.split(sql);
            if (statements.size() != 1) {
                payload.readerIndex(start);
                return NoWaitResult.HAND_OFF;
            }
            sql = statements.get(0);
        }
        Session session = connection.session();
        session.setCommand(processListName(), sql);
        ResponseWriter responses = connection.responses();
        responses.moreResults(false);
        ResultSetWriter result = new ResultSetWriter(responses, ResultSetWriter.RowFormat.TEXT);
        return CommandHandler.checked(engine.executeWithoutWaiting(session, sql, result,
                connection.server().eventLoopCommits()), result, payload, start);
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        String text = ComQuery.decode(payload).sql();
        Session session = connection.session();
        SqlEngine engine = connection.server().engine();
        List<String> statements = connection.multiStatements() ? engine.split(text) : List.of(text);
        if (statements.isEmpty()) {
            statements = List.of(text);
        }
        ResponseWriter responses = connection.responses();
        for (int i = 0; i < statements.size(); i++) {
            String sql = statements.get(i);
            session.setCommand(processListName(), sql);
            responses.moreResults(i < statements.size() - 1);
            ResultSetWriter result = new ResultSetWriter(responses, ResultSetWriter.RowFormat.TEXT);
            engine.execute(session, sql, result);
            result.checkComplete();
        }
    }
}
