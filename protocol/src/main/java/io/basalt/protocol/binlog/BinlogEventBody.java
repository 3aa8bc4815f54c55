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

    /**
     * About how many bytes {@link #encode} writes, so that a large body's buffer is sized once instead of grown
     * (and copied) as it is written; 0 when a body is small enough not to matter.
     */
    default int encodedSizeHint() {
        return 0;
    }
}
