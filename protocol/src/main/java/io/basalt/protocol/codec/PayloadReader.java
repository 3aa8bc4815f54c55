package io.basalt.protocol.codec;

import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * Reads the protocol's basic types (little-endian fixed integers, length-encoded integers and strings,
 * NUL-terminated strings) from a payload, advancing its reader index.
 *
 * <p>Every read past the end of the payload, and every length that points past it, throws
 * {@link MalformedPacketException}. Not thread-safe; does not own or release the buffer.
 */
public final class PayloadReader {
    /** First byte of a length-encoded value that stands for SQL NULL in text rows. */
    public static final int LENENC_NULL = 0xfb;

    private final ByteBuf buf;

    public PayloadReader(ByteBuf buf) {
        this.buf = buf;
    }

    /**
     * A reader over a command's body: the payload after its command byte at index 0. The payload's own reader index
     * is ignored and left alone, so it does not matter whether the dispatcher consumed the command byte.
     */
    public static PayloadReader commandBody(ByteBuf payload) {
        if (payload.writerIndex() < 1) {
            throw new MalformedPacketException("empty command packet");
        }
        return new PayloadReader(payload.slice(1, payload.writerIndex() - 1));
    }

    public int remaining() {
        return buf.readableBytes();
    }

    public boolean hasRemaining() {
        return buf.isReadable();
    }

    public int readInt1() {
        require(1);
        return buf.readUnsignedByte();
    }

    public int readInt2() {
        require(2);
        return buf.readUnsignedShortLE();
    }

    public int readInt3() {
        require(3);
        return buf.readUnsignedMediumLE();
    }

    /** Unsigned 4-byte integer. */
    public long readInt4() {
        require(4);
        return buf.readUnsignedIntLE();
    }

    public long readInt6() {
        require(6);
        long low = buf.readUnsignedIntLE();
        long high = buf.readUnsignedShortLE();
        return low | high << 32;
    }

    /** 8-byte integer; values above {@code Long.MAX_VALUE} come back as the same 64 bits (negative). */
    public long readInt8() {
        require(8);
        return buf.readLongLE();
    }

    /** Whether the next byte is the 0xFB NULL marker of a length-encoded value (does not consume it). */
    public boolean nextIsNull() {
        return buf.isReadable() && buf.getUnsignedByte(buf.readerIndex()) == LENENC_NULL;
    }

    /**
     * A length-encoded integer. 0xFB (NULL) and 0xFF (undefined) are not integers and throw; check
     * {@link #nextIsNull()} first where NULL is allowed.
     */
    public long readLenencInt() {
        int first = readInt1();
        if (first < 0xfb) {
            return first;
        }
        return switch (first) {
            case 0xfc -> readInt2();
            case 0xfd -> readInt3();
            case 0xfe -> readInt8();
            default -> throw new MalformedPacketException(
                    "invalid length-encoded integer prefix 0x" + Integer.toHexString(first));
        };
    }

    public byte[] readLenencBytes() {
        return readFixedBytes(checkedLength(readLenencInt()));
    }

    public String readLenencString() {
        return readFixedString(checkedLength(readLenencInt()));
    }

    /** A length-encoded string, or null for the 0xFB NULL marker. */
    public String readLenencStringOrNull() {
        if (nextIsNull()) {
            buf.skipBytes(1);
            return null;
        }
        return readLenencString();
    }

    /** Bytes up to a NUL, which is consumed and not returned; a missing NUL is malformed. */
    public byte[] readNulTerminatedBytes() {
        int nul = buf.indexOf(buf.readerIndex(), buf.writerIndex(), (byte) 0);
        if (nul < 0) {
            throw new MalformedPacketException("missing NUL terminator");
        }
        byte[] bytes = readFixedBytes(nul - buf.readerIndex());
        buf.skipBytes(1);
        return bytes;
    }

    public String readNulTerminatedString() {
        return new String(readNulTerminatedBytes(), StandardCharsets.UTF_8);
    }

    /**
     * A string up to a NUL or to the end of the payload, whichever comes first; for trailing fields that some clients
     * leave unterminated.
     */
    public String readNulTerminatedOrRestString() {
        int nul = buf.indexOf(buf.readerIndex(), buf.writerIndex(), (byte) 0);
        if (nul < 0) {
            return readRestString();
        }
        String s = readFixedString(nul - buf.readerIndex());
        buf.skipBytes(1);
        return s;
    }

    public byte[] readFixedBytes(int length) {
        require(length);
        byte[] bytes = new byte[length];
        buf.readBytes(bytes);
        return bytes;
    }

    public String readFixedString(int length) {
        require(length);
        String s = buf.toString(buf.readerIndex(), length, StandardCharsets.UTF_8);
        buf.skipBytes(length);
        return s;
    }

    public void skip(int length) {
        require(length);
        buf.skipBytes(length);
    }

    public byte[] readRestBytes() {
        return readFixedBytes(buf.readableBytes());
    }

    public String readRestString() {
        return readFixedString(buf.readableBytes());
    }

    /**
     * A reader over the next {@code length} bytes, which this reader skips; for length-prefixed sections such as
     * connection attributes.
     */
    public PayloadReader readSection(int length) {
        require(length);
        PayloadReader section = new PayloadReader(buf.slice(buf.readerIndex(), length));
        buf.skipBytes(length);
        return section;
    }

    private int checkedLength(long length) {
        if (length < 0 || length > buf.readableBytes()) {
            throw new MalformedPacketException("length " + Long.toUnsignedString(length) + " exceeds the "
                    + buf.readableBytes() + " remaining bytes");
        }
        return (int) length;
    }

    private void require(int length) {
        if (length < 0 || length > buf.readableBytes()) {
            throw new MalformedPacketException("need " + length + " bytes, " + buf.readableBytes() + " remain");
        }
    }
}
