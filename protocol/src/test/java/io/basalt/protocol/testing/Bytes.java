package io.basalt.protocol.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Builds expected and input byte sequences by hand, independently of the codecs under test: little-endian fixed
 * integers, raw bytes, hex, ASCII/UTF-8 text.
 */
public final class Bytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    public static Bytes of() {
        return new Bytes();
    }

    /** Parses "0a 1b ff" (spaces optional). */
    public static byte[] hex(String hex) {
        return ByteBufUtil.decodeHexDump(hex.replace(" ", ""));
    }

    public static String hexOf(ByteBuf buf) {
        return ByteBufUtil.hexDump(buf);
    }

    public static String hexOf(byte[] bytes) {
        return ByteBufUtil.hexDump(bytes);
    }

    /** The readable bytes of {@code buf}, without consuming them. */
    public static byte[] toArray(ByteBuf buf) {
        return ByteBufUtil.getBytes(buf);
    }

    public Bytes int1(int v) {
        out.write(v & 0xff);
        return this;
    }

    public Bytes int2(int v) {
        return int1(v).int1(v >> 8);
    }

    public Bytes int3(int v) {
        return int2(v).int1(v >> 16);
    }

    public Bytes int4(long v) {
        return int2((int) v).int2((int) (v >> 16));
    }

    public Bytes int8(long v) {
        return int4(v).int4(v >>> 32);
    }

    public Bytes raw(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    public Bytes hexBytes(String hex) {
        return raw(hex(hex));
    }

    public Bytes text(String s) {
        return raw(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Text followed by NUL. */
    public Bytes cstr(String s) {
        return text(s).int1(0);
    }

    /** Text with a one-byte length prefix (only for lengths below 251, where lenenc and int1 agree). */
    public Bytes shortLenStr(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length >= 251) {
            throw new IllegalArgumentException("too long for a one-byte length");
        }
        return int1(b.length).raw(b);
    }

    public Bytes zeros(int n) {
        return raw(new byte[n]);
    }

    public int size() {
        return out.size();
    }

    public byte[] array() {
        return out.toByteArray();
    }

    public ByteBuf buf() {
        return Unpooled.wrappedBuffer(array());
    }
}
