package io.basalt.protocol.result;

import io.basalt.protocol.codec.PayloadWriter;
import io.netty.buffer.ByteBuf;

/** The first packet of a text or binary result set: the column count as a length-encoded integer. */
public final class ColumnCount {

    private ColumnCount() {
    }

    public static void encode(ByteBuf out, int count) {
        PayloadWriter.writeLenencInt(out, count);
    }
}
