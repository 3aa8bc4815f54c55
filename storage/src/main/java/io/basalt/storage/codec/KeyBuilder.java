package io.basalt.storage.codec;

import java.util.Arrays;

/** Growable byte buffer used to assemble keys; not thread-safe, one per key under construction. */
public final class KeyBuilder {
    private byte[] buf;
    private int len;

    public KeyBuilder() {
        this(32);
    }

    public KeyBuilder(int capacity) {
        buf = new byte[Math.max(capacity, 8)];
    }

    public KeyBuilder put(byte b) {
        ensure(1);
        buf[len++] = b;
        return this;
    }

    public KeyBuilder put(byte[] bytes) {
        return put(bytes, 0, bytes.length);
    }

    public KeyBuilder put(byte[] bytes, int off, int n) {
        ensure(n);
        System.arraycopy(bytes, off, buf, len, n);
        len += n;
        return this;
    }

    public KeyBuilder putLongBigEndian(long v) {
        ensure(8);
        for (int i = 7; i >= 0; i--) {
            buf[len + i] = (byte) v;
            v >>>= 8;
        }
        len += 8;
        return this;
    }

    public KeyBuilder putIntBigEndian(int v) {
        ensure(4);
        buf[len] = (byte) (v >>> 24);
        buf[len + 1] = (byte) (v >>> 16);
        buf[len + 2] = (byte) (v >>> 8);
        buf[len + 3] = (byte) v;
        len += 4;
        return this;
    }

    public int length() {
        return len;
    }

    /**
     * The key built so far. A builder sized exactly hands over its buffer instead of a copy; that is safe because
     * every later put finds the buffer full and moves to a new one (two calls with no put between them return the
     * same array, so callers treat keys as immutable, as they do everywhere).
     */
    public byte[] toBytes() {
        return len == buf.length ? buf : Arrays.copyOf(buf, len);
    }

    private void ensure(int extra) {
        if (len + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
        }
    }
}
