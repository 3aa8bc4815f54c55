package io.basalt.storage.codec;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Typed, memcomparable encoding of index column values. Each value starts with a flag byte whose order puts NULL
 * first (MySQL sorts NULL lowest); values of one column always share one flag, so columns compare value by value.
 */
public final class IndexValueEncoder {
    public static final byte NULL_FLAG = 0x00;
    public static final byte BYTES_FLAG = 0x01;
    public static final byte INT_FLAG = 0x03;
    public static final byte UINT_FLAG = 0x04;
    public static final byte FLOAT_FLAG = 0x05;
    public static final byte DECIMAL_FLAG = 0x06;
    public static final byte TEMPORAL_FLAG = 0x07;
    /** Greater than every value flag: an exclusive upper bound for "all values with this prefix". */
    public static final byte MAX_FLAG = (byte) 0xFA;

    private final KeyBuilder out;

    public IndexValueEncoder(KeyBuilder out) {
        this.out = out;
    }

    public IndexValueEncoder putNull() {
        out.put(NULL_FLAG);
        return this;
    }

    public IndexValueEncoder putSigned(long v) {
        out.put(INT_FLAG);
        MemComparable.encodeInt64(out, v);
        return this;
    }

    /** An UNSIGNED BIGINT carried in a Java long (two's complement bits reinterpreted). */
    public IndexValueEncoder putUnsigned(long unsignedBits) {
        out.put(UINT_FLAG);
        MemComparable.encodeUint64(out, unsignedBits);
        return this;
    }

    public IndexValueEncoder putDouble(double v) {
        out.put(FLOAT_FLAG);
        MemComparable.encodeDouble(out, v);
        return this;
    }

    public IndexValueEncoder putDecimal(BigDecimal v) {
        out.put(DECIMAL_FLAG);
        MemComparable.encodeDecimal(out, v);
        return this;
    }

    /** A string under the default case- and accent-insensitive, PAD SPACE collation. */
    public IndexValueEncoder putStringCi(String v) {
        out.put(BYTES_FLAG);
        MemComparable.encodeBytes(out, CaseInsensitiveCollation.sortKey(v));
        return this;
    }

    /** Binary strings and strings under a binary collation compare byte by byte. */
    public IndexValueEncoder putBinary(byte[] v) {
        out.put(BYTES_FLAG);
        MemComparable.encodeBytes(out, v);
        return this;
    }

    public IndexValueEncoder putDate(LocalDate d) {
        out.put(TEMPORAL_FLAG);
        MemComparable.encodeInt64(out, d.toEpochDay());
        return this;
    }

    /** DATETIME/TIMESTAMP to microsecond precision. */
    public IndexValueEncoder putDateTime(LocalDateTime dt) {
        out.put(TEMPORAL_FLAG);
        long micros = dt.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + dt.getNano() / 1_000L;
        MemComparable.encodeInt64(out, micros);
        return this;
    }

    /** TIME values (which may be negative or exceed 24 h in MySQL) as signed microseconds. */
    public IndexValueEncoder putTimeMicros(long micros) {
        out.put(TEMPORAL_FLAG);
        MemComparable.encodeInt64(out, micros);
        return this;
    }
}
