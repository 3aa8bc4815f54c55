package io.basalt.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Frames payloads into physical packets: 3-byte length, 1-byte sequence id, payload; payloads of
 * {@value PacketAssembler#MAX_PHYSICAL_LENGTH} bytes or more are split, and one that is an exact multiple of that
 * size ends with an empty packet.
 */
public final class PacketFramer {
    private static final int HEADER_LENGTH = 4;

    private PacketFramer() {
    }

    /**
     * Writes {@code payload}'s readable bytes (consuming them) as one or more packets.
     *
     * @return the sequence id the next packet must carry
     */
    public static int writePacket(ByteBuf out, ByteBuf payload, int sequenceId) {
        int seq = sequenceId & 0xff;
        while (true) {
            int chunk = Math.min(payload.readableBytes(), PacketAssembler.MAX_PHYSICAL_LENGTH);
            out.writeMediumLE(chunk);
            out.writeByte(seq);
            out.writeBytes(payload, chunk);
            seq = (seq + 1) & 0xff;
            if (chunk < PacketAssembler.MAX_PHYSICAL_LENGTH) {
                return seq;
            }
        }
    }

    /** {@link #writePacket(ByteBuf, ByteBuf, int)} for a byte array. */
    public static int writePacket(ByteBuf out, byte[] payload, int sequenceId) {
        return writePacket(out, Unpooled.wrappedBuffer(payload), sequenceId);
    }

    /**
     * Reserves room for a packet header so that the payload can be written straight into {@code out}; finish with
     * {@link #finishPacket}.
     *
     * @return the index of the reserved header
     */
    public static int reserveHeader(ByteBuf out) {
        int headerIndex = out.writerIndex();
        out.writeZero(HEADER_LENGTH);
        return headerIndex;
    }

    /**
     * Completes a packet begun with {@link #reserveHeader}: the payload is everything written after the header. A
     * payload too long for one packet is re-framed into several.
     *
     * @return the sequence id the next packet must carry
     */
    public static int finishPacket(ByteBuf out, int headerIndex, int sequenceId) {
        int payloadStart = headerIndex + HEADER_LENGTH;
        int length = out.writerIndex() - payloadStart;
        if (length < PacketAssembler.MAX_PHYSICAL_LENGTH) {
            out.setMediumLE(headerIndex, length);
            out.setByte(headerIndex + 3, sequenceId);
            return (sequenceId + 1) & 0xff;
        }
        ByteBuf payload = Unpooled.buffer(length);
        try {
            payload.writeBytes(out, payloadStart, length);
            out.writerIndex(headerIndex);
            return writePacket(out, payload, sequenceId);
        } finally {
            payload.release();
        }
    }
}
