package io.basalt.protocol.row;

import io.basalt.protocol.codec.PayloadWriter;
import io.basalt.protocol.result.ColumnDefinition;
import io.netty.buffer.ByteBuf;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

/**
 * ProtocolBinary::ResultsetRow (COM_STMT_EXECUTE results): 0x00, a NULL bitmap with offset 2, then each non-NULL
 * value in the encoding of its column's type: TINY 1 byte, SHORT/YEAR 2, LONG/INT24 4, LONGLONG 8, FLOAT 4-byte
 * float, DOUBLE 8-byte double, DATE/DATETIME/TIMESTAMP and TIME with a length byte and only the non-zero parts,
 * everything else (DECIMAL, strings, blobs, JSON, ENUM, SET, BIT) as a length-encoded string. Stateless.
 */
public final class BinaryRowEncoder {
    private static final int HEADER = 0x00;
    private static final int NULL_BITMAP_OFFSET = 2;
    private static final long SECONDS_PER_DAY = 86_400;

    private BinaryRowEncoder() {
    }

    public static void encode(ByteBuf out, Object[] values, List<ColumnDefinition> columns) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(values.length + " values for " + columns.size() + " columns");
        }
        out.writeByte(HEADER);
        byte[] bitmap = new byte[(values.length + 7 + NULL_BITMAP_OFFSET) / 8];
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                int bit = i + NULL_BITMAP_OFFSET;
                bitmap[bit / 8] |= (byte) (1 << (bit % 8));
            }
        }
        out.writeBytes(bitmap);
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                writeValue(out, values[i], columns.get(i));
            }
        }
    }

    private static void writeValue(ByteBuf out, Object value, ColumnDefinition column) {
        switch (column.type()) {
            case TINY -> out.writeByte((int) integer(value));
            case SHORT, YEAR -> out.writeShortLE((int) integer(value));
            case LONG, INT24 -> out.writeIntLE((int) integer(value));
            case LONGLONG -> out.writeLongLE(integer(value));
            case FLOAT -> out.writeFloatLE(((Number) value).floatValue());
            case DOUBLE -> out.writeDoubleLE(((Number) value).doubleValue());
            case DATE -> writeDate(out, (LocalDate) value);
            case DATETIME, TIMESTAMP -> writeDateTime(out, (LocalDateTime) value, column.decimals());
            case TIME -> writeTime(out, (Duration) value, column.decimals());
            default -> writeString(out, value, column);
        }
    }

    private static long integer(Object value) {
        if (value instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return ((Number) value).longValue();
    }

    private static void writeString(ByteBuf out, Object value, ColumnDefinition column) {
        if (value instanceof byte[] bytes) {
            PayloadWriter.writeLenencBytes(out, bytes);
        } else if (value instanceof String s) {
            PayloadWriter.writeLenencString(out, s);
        } else if (value instanceof BigDecimal d) {
            PayloadWriter.writeLenencString(out, TextValueFormatter.decimalText(d, column));
        } else {
            PayloadWriter.writeLenencBytes(out, TextValueFormatter.formatString(value, column)
                    .getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void writeDate(ByteBuf out, LocalDate d) {
        out.writeByte(4);
        writeDateParts(out, d);
    }

    private static void writeDateTime(ByteBuf out, LocalDateTime dt, int decimals) {
        int micros = Temporals.micros(dt.getNano(), decimals);
        boolean hasClock = dt.getHour() != 0 || dt.getMinute() != 0 || dt.getSecond() != 0;
        int length = micros != 0 ? 11 : hasClock ? 7 : 4;
        out.writeByte(length);
        writeDateParts(out, dt.toLocalDate());
        if (length >= 7) {
            out.writeByte(dt.getHour());
            out.writeByte(dt.getMinute());
            out.writeByte(dt.getSecond());
        }
        if (length == 11) {
            out.writeIntLE(micros);
        }
    }

    private static void writeDateParts(ByteBuf out, LocalDate d) {
        out.writeShortLE(d.getYear());
        out.writeByte(d.getMonthValue());
        out.writeByte(d.getDayOfMonth());
    }

    private static void writeTime(ByteBuf out, Duration t, int decimals) {
        Duration abs = t.abs();
        long seconds = abs.getSeconds();
        int micros = Temporals.micros(abs.getNano(), decimals);
        if (seconds == 0 && micros == 0) {
            out.writeByte(0);
            return;
        }
        out.writeByte(micros != 0 ? 12 : 8);
        out.writeByte(t.isNegative() ? 1 : 0);
        out.writeIntLE((int) (seconds / SECONDS_PER_DAY));
        out.writeByte((int) (seconds % SECONDS_PER_DAY / 3600));
        out.writeByte((int) (seconds / 60 % 60));
        out.writeByte((int) (seconds % 60));
        if (micros != 0) {
            out.writeIntLE(micros);
        }
    }
}
