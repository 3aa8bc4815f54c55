package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * Query_log_event (type 2): a statement logged as text, in Basalt DDL after a standalone GTID. Post-header (13):
 * thread id (4), execution seconds (4), database name length (1), error code (2), status-variables length (2);
 * then the status variables, the database name and a NUL, and the statement text to the end of the event.
 *
 * @param database the default database, "" for none
 */
public record QueryEvent(long threadId, long execSeconds, int errorCode, String database, String sql,
        QueryStatusVars statusVars) implements BinlogEventBody {

    @Override
    public BinlogEventType type() {
        return BinlogEventType.QUERY;
    }

    @Override
    public void encode(ByteBuf out) {
        byte[] db = database.getBytes(StandardCharsets.UTF_8);
        if (db.length > 255) {
            throw new IllegalArgumentException("database name longer than 255 bytes");
        }
        out.writeIntLE((int) threadId);
        out.writeIntLE((int) execSeconds);
        out.writeByte(db.length);
        out.writeShortLE(errorCode);
        int lengthAt = out.writerIndex();
        out.writeShortLE(0);
        int varsStart = out.writerIndex();
        statusVars.encode(out);
        out.setShortLE(lengthAt, out.writerIndex() - varsStart);
        out.writeBytes(db);
        out.writeByte(0);
        out.writeBytes(sql.getBytes(StandardCharsets.UTF_8));
    }

    public static QueryEvent decode(ByteBuf body) {
        PayloadReader in = new PayloadReader(body);
        long threadId = in.readInt4();
        long execSeconds = in.readInt4();
        int dbLength = in.readInt1();
        int errorCode = in.readInt2();
        int varsLength = in.readInt2();
        if (varsLength > in.remaining()) {
            throw new MalformedPacketException("status variables length " + varsLength + " exceeds the body");
        }
        QueryStatusVars vars = QueryStatusVars.decode(body.readSlice(varsLength));
        String database = in.readFixedString(dbLength);
        in.skip(1);
        return new QueryEvent(threadId, execSeconds, errorCode, database, in.readRestString(), vars);
    }
}
