package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * Rotate_log_event (type 4): the last event of a rotated file, or the artificial first event of each file a dump
 * thread streams. Post-header: the position in the next file (8 bytes, 4 in a binlog); body: the next file's base
 * name without NUL.
 */
public record RotateEvent(long position, String nextFile) implements BinlogEventBody {

    @Override
    public BinlogEventType type() {
        return BinlogEventType.ROTATE;
    }

    @Override
    public void encode(ByteBuf out) {
        out.writeLongLE(position);
        out.writeBytes(nextFile.getBytes(StandardCharsets.UTF_8));
    }

    public static RotateEvent decode(ByteBuf body) {
        PayloadReader in = new PayloadReader(body);
        long position = in.readInt8();
        return new RotateEvent(position, in.readRestString());
    }
}
