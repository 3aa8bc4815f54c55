package io.basalt.server.command;

import io.basalt.protocol.result.ColumnCount;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.protocol.result.ColumnDefinitionCodec;
import io.basalt.protocol.row.BinaryRowEncoder;
import io.basalt.protocol.row.TextRowEncoder;
import io.basalt.sql.engine.ResultSink;

import java.util.List;

/**
 * The {@link ResultSink} of one statement: a result set (column count, column definitions, EOF unless
 * DEPRECATE_EOF, rows in text encoding for COM_QUERY or binary encoding for COM_STMT_EXECUTE, then EOF or OK-0xFE)
 * or an OK. Packets go through the connection's {@link PacketOutput}, which sends them in batches and holds the
 * statement's thread while the client is slow. Used only by the statement's thread.
 */
final class ResultSetWriter implements ResultSink {
    enum RowFormat { TEXT, BINARY }

    private enum State { EMPTY, ROWS, DONE }

    private final ResponseWriter responses;
    private final RowFormat format;
    private List<ColumnDefinition> columns;
    private State state = State.EMPTY;

    ResultSetWriter(ResponseWriter responses, RowFormat format) {
        this.responses = responses;
        this.format = format;
    }

    @Override
    public void columns(List<ColumnDefinition> columns) {
        expect(State.EMPTY, "columns");
        this.columns = List.copyOf(columns);
        PacketOutput out = responses.output();
        ColumnCount.encode(out.beginPacket(), columns.size());
        out.endPacket();
        for (ColumnDefinition column : columns) {
            ColumnDefinitionCodec.encode(out.beginPacket(), column);
            out.endPacket();
        }
        responses.metadataEnd();
        state = State.ROWS;
    }

    @Override
    public void row(Object[] values) {
        expect(State.ROWS, "row");
        PacketOutput out = responses.output();
        if (format == RowFormat.TEXT) {
            TextRowEncoder.encode(out.beginPacket(), values, columns);
        } else {
            BinaryRowEncoder.encode(out.beginPacket(), values, columns);
        }
        out.endPacket();
    }

    @Override
    public void endRows() {
        expect(State.ROWS, "endRows");
        responses.eof();
        state = State.DONE;
    }

    @Override
    public void ok(long affectedRows, long lastInsertId, String info) {
        expect(State.EMPTY, "ok");
        responses.ok(affectedRows, lastInsertId, info);
        state = State.DONE;
    }

    /**
     * Called when the engine returned normally: the statement must have produced a complete result.
     *
     * @throws IllegalStateException when it did not (an engine bug; the caller answers ERR, valid at this point)
     */
    void checkComplete() {
        if (state != State.DONE) {
            throw new IllegalStateException("the statement ended without a complete result (" + state + ")");
        }
    }

    private void expect(State expected, String call) {
        if (state != expected) {
            throw new IllegalStateException("ResultSink." + call + " called in state " + state);
        }
    }
}
