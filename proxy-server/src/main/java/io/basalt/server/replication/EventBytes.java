package io.basalt.server.replication;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.EventHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** Reads fields of an event exactly as stored (header, body, trailer) without copying it. Stateless. */
final class EventBytes {
    private EventBytes() {
    }

    /** The body: between the common header and the trailer. */
    static ByteBuf body(byte[] event, BinlogChecksum checksum) {
        return Unpooled.wrappedBuffer(event, EventHeader.SIZE, event.length - EventHeader.SIZE
                - checksum.trailerSize());
    }

    /** The checksum algorithm a Format_description event announces: the byte before its CRC, which it always has. */
    static BinlogChecksum formatDescriptionChecksum(byte[] fde) {
        return BinlogChecksum.of(fde[fde.length - BinlogChecksum.CRC_SIZE - 1]);
    }

    /** The header's server_id. */
    static long serverId(byte[] event) {
        int at = EventHeader.SERVER_ID_OFFSET;
        return (event[at] & 0xffL) | (event[at + 1] & 0xffL) << 8 | (event[at + 2] & 0xffL) << 16
                | (event[at + 3] & 0xffL) << 24;
    }
}
