package io.basalt.storage.mvcc;

import java.util.Arrays;

/** Serialises lock and write records: unsigned varints, length-prefixed bytes, fixed 8-byte timestamps. */
final class RecordWriter {
    private byte[] buf = new byte[64];
    private int len;

    RecordWriter put(byte b) {
        ensure(1);
        buf[len++] = b;
        return this;
    }

    RecordWriter putVarLong(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[len++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[len++] = (byte) v;
        return this;
    }

    RecordWriter putLong(long v) {
        ensure(8);
        for (int i = 7; i >= 0; i--) {
            buf[len + i] = (byte) v;
            v >>>= 8;
        }
        len += 8;
        return this;
    }

    RecordWriter putBytes(byte[] b) {
        putVarLong(b.length);
        ensure(b.length);
        System.arraycopy(b, 0, buf, len, b.length);
        len += b.length;
        return this;
    }

    byte[] toBytes() {
        return Arrays.copyOf(buf, len);
    }

    private void ensure(int n) {
        if (len + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }
    }
}
