package io.basalt.protocol.handshake;

import io.basalt.protocol.codec.PayloadWriter;
import io.netty.buffer.ByteBuf;

/**
 * Protocol::AuthSwitchRequest: asks the client to authenticate again with another plugin. The client answers with
 * a bare packet holding the new auth response (read it with {@code PayloadReader.readRestBytes()}).
 */
public final class AuthSwitchRequest {
    public static final int HEADER = 0xfe;

    private AuthSwitchRequest() {
    }

    /** 0xFE, plugin name NUL-terminated, plugin data followed by a NUL as MySQL sends it. */
    public static void encode(ByteBuf out, String pluginName, byte[] pluginData) {
        out.writeByte(HEADER);
        PayloadWriter.writeNulTerminatedString(out, pluginName);
        out.writeBytes(pluginData);
        out.writeByte(0);
    }
}
