package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.MalformedPacketException;
import io.netty.buffer.ByteBuf;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;

/**
 * One non-NULL column value in a row image, in the encoding of its {@link BinlogColumn}.
 *
 * <p>Java values: integers any {@link Number} (or Boolean), decoded as {@code Long} (UNSIGNED BIGINT as its raw 64
 * bits, smaller unsigned types zero-extended); NEWDECIMAL {@link BigDecimal}; FLOAT/DOUBLE any Number, decoded as
 * {@code Double}; strings and blobs {@code byte[]} in the column's charset (a {@code String} is accepted and written
 * as UTF-8), decoded as {@code byte[]}; ENUM the 1-based index as a Number, decoded as {@code Integer}; DATE
 * {@link LocalDate}; YEAR the year as a Number (0 for 0000), decoded as {@code Integer}; DATETIME2
 * {@link LocalDateTime}; TIMESTAMP2 {@link Instant} (the caller converts from the session time zone); TIME2
 * {@link Duration}, possibly negative.
 */
final class RowValueCodec {
    private static final int LONG_STRING = 256;

    private RowValueCodec() {
    }

    static void write(ByteBuf out, Object value, BinlogColumn c) {
        switch (c.type()) {
            case TINY -> out.writeByte((int) integer(value));
            case SHORT -> out.writeShortLE((int) integer(value));
            case INT24 -> out.writeMediumLE((int) integer(value));
            case LONG -> out.writeIntLE((int) integer(value));
            case LONGLONG -> out.writeLongLE(integer(value));
            case FLOAT -> out.writeFloatLE(((Number) value).floatValue());
            case DOUBLE -> out.writeDoubleLE(((Number) value).doubleValue());
            case NEWDECIMAL -> BinlogDecimal.write(out, decimal(value), c.precision(), c.scale());
            case DATE -> BinlogTemporal.writeDate(out, (LocalDate) value);
            case YEAR -> BinlogTemporal.writeYear(out, (int) integer(value));
            case DATETIME2 -> BinlogTemporal.writeDateTime2(out, (LocalDateTime) value, c.meta());
            case TIMESTAMP2 -> BinlogTemporal.writeTimestamp2(out, (Instant) value, c.meta());
            case TIME2 -> BinlogTemporal.writeTime2(out, (Duration) value, c.meta());
            case ENUM -> writeLittleEndian(out, integer(value), c.meta());
            case VARCHAR -> writeWithLength(out, bytes(value, c), c.meta() < LONG_STRING ? 1 : 2, c.meta());
            case STRING -> writeWithLength(out, fixedStringBytes(value, c), c.meta() < LONG_STRING ? 1 : 2, c.meta());
            case BLOB -> writeWithLength(out, bytes(value, c), c.meta(), Long.MAX_VALUE);
            default -> throw new IllegalStateException("no row encoding for " + c.type());
        }
    }

    static Object read(ByteBuf in, BinlogColumn c) {
        return switch (c.type()) {
            case TINY -> c.unsigned() ? (long) in.readUnsignedByte() : (long) in.readByte();
            case SHORT -> c.unsigned() ? (long) in.readUnsignedShortLE() : (long) in.readShortLE();
            case INT24 -> c.unsigned() ? (long) in.readUnsignedMediumLE() : (long) in.readMediumLE();
            case LONG -> c.unsigned() ? in.readUnsignedIntLE() : (long) in.readIntLE();
            case LONGLONG -> in.readLongLE();
            case FLOAT -> (double) in.readFloatLE();
            case DOUBLE -> in.readDoubleLE();
            case NEWDECIMAL -> BinlogDecimal.read(in, c.precision(), c.scale());
            case DATE -> BinlogTemporal.readDate(in);
            case YEAR -> BinlogTemporal.readYear(in);
            case DATETIME2 -> BinlogTemporal.readDateTime2(in, c.meta());
            case TIMESTAMP2 -> BinlogTemporal.readTimestamp2(in, c.meta());
            case TIME2 -> BinlogTemporal.readTime2(in, c.meta());
            case ENUM -> (int) readLittleEndian(in, c.meta());
            case VARCHAR, STRING -> readWithLength(in, c.meta() < LONG_STRING ? 1 : 2);
            case BLOB -> readWithLength(in, c.meta());
            default -> throw new IllegalStateException("no row encoding for " + c.type());
        };
    }

    private static long integer(Object value) {
        if (value instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return ((Number) value).longValue();
    }

    private static BigDecimal decimal(Object value) {
        if (value instanceof BigDecimal d) {
            return d;
        }
        return new BigDecimal(value.toString());
    }

    private static byte[] bytes(Object value, BinlogColumn c) {
        if (value instanceof byte[] b) {
            return b;
        }
        if (value instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        throw new IllegalArgumentException("column " + c.name() + " expects byte[] or String, got "
                + value.getClass().getSimpleName());
    }

    /**
     * CHAR/BINARY values without their trailing pad bytes (spaces, NULs for BINARY), as MariaDB's
     * {@code Field_string::pack} stores them (BINARY(4) 'q' is logged as the single byte 'q').
     */
    private static byte[] fixedStringBytes(Object value, BinlogColumn c) {
        byte[] b = bytes(value, c);
        byte pad = c.charsetId() == BinlogColumn.BINARY_CHARSET ? 0 : (byte) ' ';
        int length = b.length;
        while (length > 0 && b[length - 1] == pad) {
            length--;
        }
        return length == b.length ? b : Arrays.copyOf(b, length);
    }

    private static void writeWithLength(ByteBuf out, byte[] b, int lengthBytes, long max) {
        if (b.length > max || lengthBytes < 4 && b.length >= 1L << (8 * lengthBytes)) {
            throw new IllegalArgumentException(b.length + " bytes exceed the column's maximum");
        }
        writeLittleEndian(out, b.length, lengthBytes);
        out.writeBytes(b);
    }

    private static byte[] readWithLength(ByteBuf in, int lengthBytes) {
        long length = readLittleEndian(in, lengthBytes);
        if (length > in.readableBytes()) {
            throw new MalformedPacketException("value length " + length + " exceeds the event");
        }
        byte[] b = new byte[(int) length];
        in.readBytes(b);
        return b;
    }

    private static void writeLittleEndian(ByteBuf out, long value, int bytes) {
        for (int i = 0; i < bytes; i++) {
            out.writeByte((int) (value >>> (8 * i)));
        }
    }

    private static long readLittleEndian(ByteBuf in, int bytes) {
        long value = 0;
        for (int i = 0; i < bytes; i++) {
            value |= (long) in.readUnsignedByte() << (8 * i);
        }
        return value;
    }
}
