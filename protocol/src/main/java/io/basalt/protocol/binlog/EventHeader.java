package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

/**
 * The 19-byte common (v4) event header: timestamp (seconds), type, server id, event size (header + body + checksum
 * trailer), log_pos (absolute file offset of the byte after the event; 0 for artificial events) and flags, all
 * little-endian.
 */
public record EventHeader(long timestamp, BinlogEventType type, long serverId, int eventSize, long logPos,
        int flags) {

    public static final int SIZE = 19;
    public static final int TYPE_OFFSET = 4;
    public static final int SERVER_ID_OFFSET = 5;
    public static final int EVENT_SIZE_OFFSET = 9;
    public static final int LOG_POS_OFFSET = 13;
    public static final int FLAGS_OFFSET = 17;

    public void encode(ByteBuf out) {
        out.writeIntLE((int) timestamp);
        out.writeByte(type.code());
        out.writeIntLE((int) serverId);
        out.writeIntLE(eventSize);
        out.writeIntLE((int) logPos);
        out.writeShortLE(flags);
    }

    /**
     * Reads a header at the buffer's reader index. The size is read as an unsigned 32-bit value clamped to
     * {@link Integer#MAX_VALUE} so that a garbage size is visibly implausible instead of negative.
     */
    public static EventHeader decode(ByteBuf in) {
        long timestamp = in.readUnsignedIntLE();
        int type = in.readUnsignedByte();
        long serverId = in.readUnsignedIntLE();
        long size = in.readUnsignedIntLE();
        long logPos = in.readUnsignedIntLE();
        int flags = in.readUnsignedShortLE();
        return new EventHeader(timestamp, BinlogEventType.of(type), serverId, (int) Math.min(size, Integer.MAX_VALUE),
                logPos, flags);
    }

    /** Bytes of the body between this header and the checksum trailer. */
    public int bodySize(BinlogChecksum checksum) {
        return eventSize - SIZE - trailerSize(type, checksum);
    }

    /** The trailer an event of {@code type} carries: the Format_description event always has its CRC. */
    static int trailerSize(BinlogEventType type, BinlogChecksum checksum) {
        return type == BinlogEventType.FORMAT_DESCRIPTION ? BinlogChecksum.CRC_SIZE : checksum.trailerSize();
    }
}
