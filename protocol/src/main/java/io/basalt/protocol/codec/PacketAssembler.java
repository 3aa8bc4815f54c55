package io.basalt.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;

/**
 * Reassembles logical packets from the byte stream of one connection: 4-byte headers (3-byte length, 1-byte
 * sequence id), payloads of {@value #MAX_PHYSICAL_LENGTH} bytes continued by the next packet, and a payload that is
 * an exact multiple of that size ending with an empty packet.
 *
 * <p>{@link #decode} fits a Netty {@code ByteToMessageDecoder}: it consumes only complete physical packets and
 * returns a complete logical packet or null. The first packet of a logical packet may carry any sequence id (the
 * caller checks it against its conversation); continuations must follow it by one (mod 256).
 *
 * <p>A logical packet longer than {@code maxPayload} fails with {@link PacketTooLargeException} as soon as its
 * header arrives; the following calls then silently discard the remaining bytes of that packet
 * ({@link #isDiscarding()}) so the server can still reply with ERR 1153 before closing.
 *
 * <p>Payloads are retained slices of the input buffer (zero copy), merged in a composite buffer for multi-packet
 * payloads. The caller must not move or overwrite already-read bytes of the input while a payload is alive;
 * {@code ByteToMessageDecoder} respects this (it discards read bytes only when the cumulation's reference count is 1).
 *
 * <p>Not thread-safe: one instance per connection, used from its event loop. Partial payloads it holds are released
 * by {@link #close()}.
 */
public final class PacketAssembler implements AutoCloseable {
    /** Largest payload of one physical packet; a packet this long is continued by the next one. */
    public static final int MAX_PHYSICAL_LENGTH = 0xff_ffff;

    private static final int HEADER_LENGTH = 4;
    private static final int MAX_COMPONENTS = 1024;

    private int maxPayload;
    private CompositeByteBuf parts;
    private long accumulated;
    private boolean continued;
    private int expectedSequenceId;
    private boolean discarding;
    private long bodyToSkip;

    public PacketAssembler(int maxPayload) {
        setMaxPayload(maxPayload);
    }

    /** Changes the limit (max_allowed_packet) for logical packets that start after this call. */
    public void setMaxPayload(int maxPayload) {
        if (maxPayload < 1) {
            throw new IllegalArgumentException("maxPayload must be positive: " + maxPayload);
        }
        this.maxPayload = maxPayload;
    }

    public int maxPayload() {
        return maxPayload;
    }

    /** Whether bytes of an oversized packet are still being discarded. */
    public boolean isDiscarding() {
        return discarding;
    }

    /**
     * Consumes complete physical packets from {@code in} until a logical packet is complete.
     *
     * @return the logical packet (the caller owns its payload), or null if more bytes are needed
     * @throws PacketTooLargeException   when the packet in progress exceeds {@code maxPayload}
     * @throws PacketOutOfOrderException when a continuation packet has the wrong sequence id
     */
    public Packet decode(ByteBuf in) {
        while (true) {
            if (!skipBody(in)) {
                return null;
            }
            if (in.readableBytes() < HEADER_LENGTH) {
                return null;
            }
            int length = in.getUnsignedMediumLE(in.readerIndex());
            int sequenceId = in.getUnsignedByte(in.readerIndex() + 3);
            if (continued && sequenceId != expectedSequenceId) {
                int expected = expectedSequenceId;
                reset();
                throw new PacketOutOfOrderException(expected, sequenceId);
            }
            if (discarding) {
                startSkipping(in, length, sequenceId);
                continue;
            }
            long total = accumulated + length;
            if (total > maxPayload) {
                releaseParts();
                discarding = true;
                startSkipping(in, length, sequenceId);
                throw new PacketTooLargeException(sequenceId, total);
            }
            if (in.readableBytes() < HEADER_LENGTH + length) {
                return null;
            }
            in.skipBytes(HEADER_LENGTH);
            ByteBuf body = in.readRetainedSlice(length);
            if (length == MAX_PHYSICAL_LENGTH) {
                if (parts == null) {
                    parts = in.alloc().compositeBuffer(MAX_COMPONENTS);
                }
                parts.addComponent(true, body);
                accumulated = total;
                continued = true;
                expectedSequenceId = (sequenceId + 1) & 0xff;
                continue;
            }
            ByteBuf payload = body;
            if (parts != null) {
                parts.addComponent(true, body);
                payload = parts;
                parts = null;
            }
            accumulated = 0;
            continued = false;
            return new Packet(sequenceId, payload);
        }
    }

    /** Releases a partially assembled payload. */
    @Override
    public void close() {
        reset();
    }

    private void startSkipping(ByteBuf in, int length, int sequenceId) {
        in.skipBytes(HEADER_LENGTH);
        continued = length == MAX_PHYSICAL_LENGTH;
        expectedSequenceId = (sequenceId + 1) & 0xff;
        bodyToSkip = length;
        if (bodyToSkip == 0 && !continued) {
            discarding = false;
        }
    }

    /** Discards what is left of an oversized packet's current body; false if {@code in} ran out first. */
    private boolean skipBody(ByteBuf in) {
        if (bodyToSkip > 0) {
            int n = (int) Math.min(bodyToSkip, in.readableBytes());
            in.skipBytes(n);
            bodyToSkip -= n;
            if (bodyToSkip > 0) {
                return false;
            }
            if (!continued) {
                discarding = false;
            }
        }
        return true;
    }

    private void reset() {
        releaseParts();
        continued = false;
        discarding = false;
        bodyToSkip = 0;
    }

    private void releaseParts() {
        if (parts != null) {
            parts.release();
            parts = null;
        }
        accumulated = 0;
    }
}
