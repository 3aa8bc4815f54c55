package io.basalt.protocol.result;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.codec.PayloadWriter;
import io.basalt.protocol.error.MySqlException;
import io.netty.buffer.ByteBuf;

/**
 * Protocol::ERR_Packet for CLIENT_PROTOCOL_41: 0xFF, error code, '#', 5-character SQLSTATE, message.
 *
 * @param code     MySQL error code
 * @param sqlState 5-character SQLSTATE
 * @param message  error message
 */
public record ErrPacket(int code, String sqlState, String message) {
    public static final int HEADER = 0xff;
    private static final String FALLBACK_SQL_STATE = "HY000";
    private static final int SQL_STATE_LENGTH = 5;

    /** A SQLSTATE that is not 5 characters is replaced by HY000, which every client accepts. */
    public static void encode(ByteBuf out, int code, String sqlState, String message) {
        out.writeByte(HEADER);
        PayloadWriter.writeInt2(out, code);
        out.writeByte('#');
        boolean valid = sqlState != null && sqlState.length() == SQL_STATE_LENGTH;
        PayloadWriter.writeString(out, valid ? sqlState : FALLBACK_SQL_STATE);
        PayloadWriter.writeString(out, message == null ? "" : message);
    }

    public static void encode(ByteBuf out, MySqlException e) {
        encode(out, e.code(), e.sqlState(), e.getMessage());
    }

    /** Parses an ERR packet the way a client does; used by tests and tools. */
    public static ErrPacket decode(ByteBuf payload) {
        PayloadReader r = new PayloadReader(payload);
        int header = r.readInt1();
        if (header != HEADER) {
            throw new MalformedPacketException("not an ERR packet: 0x" + Integer.toHexString(header));
        }
        int code = r.readInt2();
        if (r.readInt1() != '#') {
            throw new MalformedPacketException("ERR packet without SQLSTATE marker");
        }
        String sqlState = r.readFixedString(SQL_STATE_LENGTH);
        return new ErrPacket(code, sqlState, r.readRestString());
    }
}
