package io.basalt.protocol.result;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.codec.PayloadWriter;
import io.netty.buffer.ByteBuf;

/**
 * Protocol::OK_Packet for CLIENT_PROTOCOL_41 without SESSION_TRACK (which Basalt does not advertise): header, affected
 * rows, last insert id, status flags, warning count, and the info text when non-empty. The protocol documentation
 * calls the info string&lt;EOF&gt;, but MySQL and MariaDB servers write it length-encoded (net_send_ok) and the C
 * client, Connector/J and MariaDB Connector/J read it that way, so it is length-encoded here.
 *
 * @param affectedRows affected (or, with FOUND_ROWS, matched) rows; read as unsigned
 * @param lastInsertId first generated AUTO_INCREMENT value; read as unsigned
 * @param status       SERVER_STATUS_* flags
 * @param warnings     warning count
 * @param info         human-readable info ("Rows matched: …"), "" for none
 */
public record OkPacket(long affectedRows, long lastInsertId, int status, int warnings, String info) {
    public static final int HEADER = 0x00;
    /** Header of an OK that ends a result set when CLIENT_DEPRECATE_EOF is in effect. */
    public static final int EOF_HEADER = 0xfe;

    /**
     * @param eofHeader true for the 0xFE header that replaces the EOF packet of a result set under DEPRECATE_EOF
     */
    public static void encode(ByteBuf out, long affectedRows, long lastInsertId, int status, int warnings,
                              String info, boolean eofHeader) {
        out.writeByte(eofHeader ? EOF_HEADER : HEADER);
        PayloadWriter.writeLenencInt(out, affectedRows);
        PayloadWriter.writeLenencInt(out, lastInsertId);
        PayloadWriter.writeInt2(out, status);
        PayloadWriter.writeInt2(out, warnings);
        if (info != null && !info.isEmpty()) {
            PayloadWriter.writeLenencString(out, info);
        }
    }

    /** Parses an OK packet (either header) the way a client does; used by tests and tools. */
    public static OkPacket decode(ByteBuf payload) {
        PayloadReader r = new PayloadReader(payload);
        int header = r.readInt1();
        if (header != HEADER && header != EOF_HEADER) {
            throw new MalformedPacketException("not an OK packet: 0x" + Integer.toHexString(header));
        }
        long affected = r.readLenencInt();
        long lastInsertId = r.readLenencInt();
        int status = r.readInt2();
        int warnings = r.readInt2();
        return new OkPacket(affected, lastInsertId, status, warnings, r.hasRemaining() ? r.readLenencString() : "");
    }
}
