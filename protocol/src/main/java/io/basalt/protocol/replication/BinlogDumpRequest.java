package io.basalt.protocol.replication;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * COM_BINLOG_DUMP (0x12): where a replica wants the binlog stream to start. Payload after the command byte: start
 * position (4), flags (2), the replica's server_id (4), the file name (rest of the packet, no NUL; may be empty).
 * A MariaDB GTID replica sends its last file/position too, but the server ignores them when the session set
 * {@code @slave_connect_state}.
 *
 * @param position  offset of the first event to send (values below 4 mean the file's first event)
 * @param flags     {@link #NON_BLOCK}, {@link #SEND_ANNOTATE_ROWS}
 * @param serverId  the replica's server_id; 0 asks for a non-blocking dump like {@link #NON_BLOCK}
 * @param file      the binlog file name, "" for the first file in the index
 */
public record BinlogDumpRequest(long position, int flags, long serverId, String file) {
    /** Send EOF at the end of the binlog instead of waiting for more events. */
    public static final int NON_BLOCK = 0x0001;
    /** The replica wants Annotate_rows events (it logs them itself). */
    public static final int SEND_ANNOTATE_ROWS = 0x0002;
    private static final int FIXED_LENGTH = 4 + 2 + 4;

    /** Decodes a whole command payload (index 0 is the command byte). */
    public static BinlogDumpRequest decode(ByteBuf payload) {
        PayloadReader in = PayloadReader.commandBody(payload);
        if (in.remaining() < FIXED_LENGTH) {
            throw new MalformedPacketException("COM_BINLOG_DUMP of " + in.remaining() + " bytes");
        }
        long position = in.readInt4();
        int flags = in.readInt2();
        long serverId = in.readInt4();
        String file = new String(in.readRestBytes(), StandardCharsets.UTF_8);
        return new BinlogDumpRequest(position, flags, serverId, file);
    }

    /** Whether the stream ends with EOF once the binlog's end is reached (mariadb-binlog, non-blocking clients). */
    public boolean nonBlocking() {
        return (flags & NON_BLOCK) != 0 || serverId == 0;
    }

    public boolean sendAnnotateRows() {
        return (flags & SEND_ANNOTATE_ROWS) != 0;
    }
}
