package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * Binlog_checkpoint_log_event (type 161): the oldest binlog file (base name, no directory) crash recovery still has
 * to scan, as a 4-byte length followed by the name without NUL.
 */
public record BinlogCheckpointEvent(String fileName) implements BinlogEventBody {

    @Override
    public BinlogEventType type() {
        return BinlogEventType.BINLOG_CHECKPOINT;
    }

    @Override
    public void encode(ByteBuf out) {
        byte[] name = fileName.getBytes(StandardCharsets.UTF_8);
        out.writeIntLE(name.length);
        out.writeBytes(name);
    }

    public static BinlogCheckpointEvent decode(ByteBuf body) {
        PayloadReader in = new PayloadReader(body);
        long length = in.readInt4();
        return new BinlogCheckpointEvent(in.readFixedString((int) Math.min(length, Integer.MAX_VALUE)));
    }
}
