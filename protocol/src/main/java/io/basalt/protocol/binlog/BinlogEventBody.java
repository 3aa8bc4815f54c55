package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

/**
 * The part of an event after its common header and before its checksum: post-header and payload. Implemented by
 * one record per event type; {@link EventSerializer} adds header and checksum.
 */
public interface BinlogEventBody {

    BinlogEventType type();

    /** Writes post-header and payload at the writer index. */
    void encode(ByteBuf out);
}
