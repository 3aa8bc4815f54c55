package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * Heartbeat_log_event (type 27), sent only on a dump connection while it is idle at the end of the binlog: the
 * body is the current binlog base name without NUL; the header's log_pos is the current position and its timestamp
 * 0 (serialize with {@link EventSerializer#serializeWithLogPos}).
 */
public record HeartbeatEvent(String logFile) implements BinlogEventBody {

    @Override
    public BinlogEventType type() {
        return BinlogEventType.HEARTBEAT;
    }

    @Override
    public void encode(ByteBuf out) {
        out.writeBytes(logFile.getBytes(StandardCharsets.UTF_8));
    }

    public static HeartbeatEvent decode(ByteBuf body) {
        String name = body.toString(body.readerIndex(), body.readableBytes(), StandardCharsets.UTF_8);
        body.skipBytes(body.readableBytes());
        return new HeartbeatEvent(name);
    }
}
