package io.basalt.protocol.result;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.codec.PayloadWriter;
import io.netty.buffer.ByteBuf;

/**
 * Protocol::EOF_Packet (0xFE, warnings, status), the result-set terminator for clients without
 * CLIENT_DEPRECATE_EOF.
 *
 * @param warnings warning count
 * @param status   SERVER_STATUS_* flags
 */
public record EofPacket(int warnings, int status) {
    public static final int HEADER = 0xfe;

    public static void encode(ByteBuf out, int warnings, int status) {
        out.writeByte(HEADER);
        PayloadWriter.writeInt2(out, warnings);
        PayloadWriter.writeInt2(out, status);
    }

    public static EofPacket decode(ByteBuf payload) {
        PayloadReader r = new PayloadReader(payload);
        if (r.readInt1() != HEADER) {
            throw new MalformedPacketException("not an EOF packet");
        }
        int warnings = r.readInt2();
        return new EofPacket(warnings, r.readInt2());
    }
}
