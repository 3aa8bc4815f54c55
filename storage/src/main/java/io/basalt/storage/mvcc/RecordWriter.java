package io.basalt.storage.mvcc;

import io.basalt.storage.codec.KeyBuilder;

/** Serialises lock and write records: unsigned varints, length-prefixed bytes, fixed 8-byte timestamps. */
final class RecordWriter {
    private final KeyBuilder buf = new KeyBuilder(64);

    RecordWriter put(byte b) {
        buf.put(b);
        return this;
    }

    RecordWriter putVarLong(long v) {
        while ((v & ~0x7FL) != 0) {
            buf.put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        buf.put((byte) v);
        return this;
    }

    RecordWriter putLong(long v) {
        buf.putLongBigEndian(v);
        return this;
    }

    RecordWriter putBytes(byte[] b) {
        putVarLong(b.length);
        buf.put(b);
        return this;
    }

    byte[] toBytes() {
        return buf.toBytes();
    }
}
