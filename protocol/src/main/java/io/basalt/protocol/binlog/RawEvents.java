package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Reads fields of an event exactly as stored (header, body, trailer), e.g. one a dump thread tails, without copying
 * or decoding all of it. Stateless.
 */
public final class RawEvents {
    private RawEvents() {
    }

    /** The body: between the common header and the trailer. */
    public static ByteBuf body(byte[] event, BinlogChecksum checksum) {
        return Unpooled.wrappedBuffer(event, EventHeader.SIZE, event.length - EventHeader.SIZE
                - checksum.trailerSize());
    }

    /** The checksum algorithm a Format_description event announces: the byte before its CRC, which it always has. */
    public static BinlogChecksum formatDescriptionChecksum(byte[] fde) {
        return BinlogChecksum.of(fde[fde.length - BinlogChecksum.CRC_SIZE - 1]);
    }

    /** The header's server_id. */
    public static long serverId(byte[] event) {
        int at = EventHeader.SERVER_ID_OFFSET;
        return (event[at] & 0xffL) | (event[at + 1] & 0xffL) << 8 | (event[at + 2] & 0xffL) << 16
                | (event[at + 3] & 0xffL) << 24;
    }
}
