package io.basalt.storage.mvcc;

import io.basalt.storage.error.StorageCorruptionException;
import java.util.Arrays;

/** Reads what {@link RecordWriter} wrote; a malformed record is reported as corruption, never silently skipped. */
final class RecordReader {
    private final byte[] buf;
    private int pos;

    RecordReader(byte[] buf) {
        this.buf = buf;
    }

    boolean hasMore() {
        return pos < buf.length;
    }

    byte get() {
        check(1);
        return buf[pos++];
    }

    long getVarLong() {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            check(1);
            byte b = buf[pos++];
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new StorageCorruptionException("varint too long in record");
    }

    long getLong() {
        check(8);
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (buf[pos++] & 0xFF);
        }
        return v;
    }

    byte[] getBytes() {
        long n = getVarLong();
        if (n < 0 || n > buf.length - pos) {
            throw new StorageCorruptionException("bad length " + n + " in record");
        }
        byte[] out = Arrays.copyOfRange(buf, pos, pos + (int) n);
        pos += (int) n;
        return out;
    }

    private void check(int n) {
        if (pos + n > buf.length) {
            throw new StorageCorruptionException("truncated record");
        }
    }
}
