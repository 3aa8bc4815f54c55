package io.basalt.protocol.handshake;

import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.codec.PayloadWriter;
import io.basalt.protocol.constants.CapabilityFlags;
import io.netty.buffer.ByteBuf;

/**
 * The server greeting (Protocol::HandshakeV10). The 20-byte scramble is sent as 8 bytes (auth-plugin-data part 1)
 * and 12 bytes plus a NUL (part 2) with an auth-plugin-data length of 21, the layout every client parses (go's driver
 * reads exactly 12 bytes and skips 13).
 *
 * @param protocolVersion always {@value #PROTOCOL_VERSION}
 * @param serverVersion   e.g. {@code 8.0.36-basalt}; must start with digits (PyMySQL, Connector/J parse it)
 * @param connectionId    the thread id clients see as CONNECTION_ID()
 * @param scramble        the 20-byte nonce, see {@link io.basalt.protocol.auth.Scramble}
 * @param capabilities    CLIENT_* flags the server offers
 * @param charset         collation id of the server default (only its low byte is sent)
 * @param statusFlags     SERVER_STATUS_* flags
 * @param authPluginName  the plugin the scramble is meant for
 */
public record HandshakeV10(int protocolVersion, String serverVersion, long connectionId, byte[] scramble,
                           int capabilities, int charset, int statusFlags, String authPluginName) {
    public static final int PROTOCOL_VERSION = 10;
    public static final int SCRAMBLE_LENGTH = 20;
    private static final int SCRAMBLE_PART1_LENGTH = 8;
    private static final int RESERVED_LENGTH = 10;

    public HandshakeV10 {
        if (scramble.length != SCRAMBLE_LENGTH) {
            throw new IllegalArgumentException("scramble must have " + SCRAMBLE_LENGTH + " bytes");
        }
    }

    public HandshakeV10(String serverVersion, long connectionId, byte[] scramble, int capabilities, int charset,
                        int statusFlags, String authPluginName) {
        this(PROTOCOL_VERSION, serverVersion, connectionId, scramble, capabilities, charset, statusFlags,
                authPluginName);
    }

    public void encode(ByteBuf out) {
        PayloadWriter.writeInt1(out, protocolVersion);
        PayloadWriter.writeNulTerminatedString(out, serverVersion);
        PayloadWriter.writeInt4(out, connectionId);
        out.writeBytes(scramble, 0, SCRAMBLE_PART1_LENGTH);
        out.writeByte(0);
        PayloadWriter.writeInt2(out, capabilities & 0xffff);
        PayloadWriter.writeInt1(out, charset & 0xff);
        PayloadWriter.writeInt2(out, statusFlags);
        PayloadWriter.writeInt2(out, capabilities >>> 16);
        boolean pluginAuth = (capabilities & CapabilityFlags.PLUGIN_AUTH) != 0;
        PayloadWriter.writeInt1(out, pluginAuth ? SCRAMBLE_LENGTH + 1 : 0);
        out.writeZero(RESERVED_LENGTH);
        if ((capabilities & CapabilityFlags.SECURE_CONNECTION) != 0) {
            out.writeBytes(scramble, SCRAMBLE_PART1_LENGTH, SCRAMBLE_LENGTH - SCRAMBLE_PART1_LENGTH);
            out.writeByte(0);
        }
        if (pluginAuth) {
            PayloadWriter.writeNulTerminatedString(out, authPluginName);
        }
    }

    /** Parses a greeting the way a client does (used by tests and tools). */
    public static HandshakeV10 decode(ByteBuf payload) {
        PayloadReader r = new PayloadReader(payload);
        int protocolVersion = r.readInt1();
        String serverVersion = r.readNulTerminatedString();
        long connectionId = r.readInt4();
        byte[] part1 = r.readFixedBytes(SCRAMBLE_PART1_LENGTH);
        r.skip(1);
        int capabilities = r.readInt2();
        int charset = r.readInt1();
        int statusFlags = r.readInt2();
        capabilities |= r.readInt2() << 16;
        int authDataLength = r.readInt1();
        r.skip(RESERVED_LENGTH);
        byte[] scramble = new byte[SCRAMBLE_LENGTH];
        System.arraycopy(part1, 0, scramble, 0, SCRAMBLE_PART1_LENGTH);
        if ((capabilities & CapabilityFlags.SECURE_CONNECTION) != 0) {
            byte[] part2 = r.readFixedBytes(Math.max(13, authDataLength - SCRAMBLE_PART1_LENGTH));
            System.arraycopy(part2, 0, scramble, SCRAMBLE_PART1_LENGTH, SCRAMBLE_LENGTH - SCRAMBLE_PART1_LENGTH);
        }
        String plugin = (capabilities & CapabilityFlags.PLUGIN_AUTH) != 0 ? r.readNulTerminatedOrRestString() : "";
        return new HandshakeV10(protocolVersion, serverVersion, connectionId, scramble, capabilities, charset,
                statusFlags, plugin);
    }
}
