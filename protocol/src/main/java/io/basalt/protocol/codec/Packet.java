package io.basalt.protocol.codec;

import io.netty.buffer.ByteBuf;

/**
 * One logical MySQL packet: the payload of one or more physical packets merged.
 *
 * <p>Ownership: the receiver owns {@code payload} and must release it. The payload's index 0 is the first payload
 * byte (the command byte for commands).
 *
 * @param sequenceId sequence id of the last physical packet; a reply starts at {@code (sequenceId + 1) & 0xff}
 * @param payload    the merged payload
 */
public record Packet(int sequenceId, ByteBuf payload) {

    /** Sequence id the first packet of the reply must carry. */
    public int nextSequenceId() {
        return (sequenceId + 1) & 0xff;
    }
}
