package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * Annotate_rows_log_event (type 160): the SQL text of the statement whose row events follow, without NUL; written
 * before the statement's first Table_map.
 */
public record AnnotateRowsEvent(String sql) implements BinlogEventBody {

    @Override
    public BinlogEventType type() {
        return BinlogEventType.ANNOTATE_ROWS;
    }

    @Override
    public void encode(ByteBuf out) {
        out.writeBytes(sql.getBytes(StandardCharsets.UTF_8));
    }

    public static AnnotateRowsEvent decode(ByteBuf body) {
        String sql = body.toString(body.readerIndex(), body.readableBytes(), StandardCharsets.UTF_8);
        body.skipBytes(body.readableBytes());
        return new AnnotateRowsEvent(sql);
    }
}
