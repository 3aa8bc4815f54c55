package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

/** The 4 bytes every binlog file starts with (FE 'b' 'i' 'n'); the first event starts at offset 4. */
public final class BinlogMagic {
    public static final int SIZE = 4;
    private static final byte[] BYTES = {(byte) 0xfe, 'b', 'i', 'n'};

    private BinlogMagic() {
    }

    /** A fresh copy of the magic bytes. */
    public static byte[] bytes() {
        return BYTES.clone();
    }

    public static void write(ByteBuf out) {
        out.writeBytes(BYTES);
    }

    /** Whether {@code buf} holds the magic at {@code index}. */
    public static boolean matches(ByteBuf buf, int index) {
        if (buf.writerIndex() - index < SIZE) {
            return false;
        }
        for (int i = 0; i < SIZE; i++) {
            if (buf.getByte(index + i) != BYTES[i]) {
                return false;
            }
        }
        return true;
    }
}
