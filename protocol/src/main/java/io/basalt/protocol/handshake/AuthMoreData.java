package io.basalt.protocol.handshake;

import io.netty.buffer.ByteBuf;

/** Protocol::AuthMoreData: 0x01 followed by plugin-specific bytes (caching_sha2 sends 0x03 for fast-auth success). */
public final class AuthMoreData {
    public static final int HEADER = 0x01;

    private AuthMoreData() {
    }

    public static void encode(ByteBuf out, byte[] data) {
        out.writeByte(HEADER);
        out.writeBytes(data);
    }
}
