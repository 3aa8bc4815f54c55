package io.basalt.server.command;

import io.basalt.protocol.command.ComQuery;
import io.basalt.session.Session;
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
     * Longest text tried on the event loop: transaction control is a word or three, and decoding a long text there
     * only to hand it to a worker would be wasted.
     */
    private static final int MAX_TEXT_WITHOUT_WAITING = 64;

    @Override
    public String processListName() {
        return "Query";
    }

    /** BEGIN, COMMIT or ROLLBACK of a transaction that holds nothing (see the engine's executeWithoutWaiting). */
    @Override
    public boolean handleWithoutWaiting(ClientConnection connection, ByteBuf payload) {
        if (payload.readableBytes() > 1 + MAX_TEXT_WITHOUT_WAITING) {
            return false;
        }
        int start = payload.readerIndex();
        String sql = ComQuery.decode(payload).sql();
        Session session = connection.session();
        session.setCommand(processListName(), sql);
        ResponseWriter responses = connection.responses();
        responses.moreResults(false);
        ResultSetWriter result = new ResultSetWriter(responses, ResultSetWriter.RowFormat.TEXT);
        if (!connection.server().engine().executeWithoutWaiting(session, sql, result)) {
            payload.readerIndex(start);
            return false;
        }
        result.checkComplete();
        return true;
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
