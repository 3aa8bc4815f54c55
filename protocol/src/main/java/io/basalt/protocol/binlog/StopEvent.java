package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

/** Stop_log_event (type 3): written at clean shutdown as the last event of the file; empty body. */
public record StopEvent() implements BinlogEventBody {

    @Override
    public BinlogEventType type() {
        return BinlogEventType.STOP;
    }

    @Override
    public void encode(ByteBuf out) {
        // The event is its header (and checksum) alone.
    }

    public static StopEvent decode(ByteBuf body) {
        body.skipBytes(body.readableBytes());
        return new StopEvent();
    }
}
