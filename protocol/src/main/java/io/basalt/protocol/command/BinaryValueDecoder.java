package io.basalt.protocol.command;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.constants.FieldType;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;

/** Decodes one binary-protocol parameter value into the value model (see SqlType in proxy-server). */
final class BinaryValueDecoder {
    private static final long SECONDS_PER_DAY = 86_400;

    private BinaryValueDecoder() {
    }

    static Object decode(PayloadReader r, int parameterType) {
        FieldType type = ParameterTypes.fieldType(parameterType);
        if (type == null) {
            throw new MalformedPacketException("unknown parameter type 0x" + Integer.toHexString(parameterType));
        }
        boolean unsigned = ParameterTypes.isUnsigned(parameterType);
        return switch (type) {
            case NULL -> null;
            case TINY -> unsigned ? (long) r.readInt1() : (long) (byte) r.readInt1();
            case SHORT, YEAR -> unsigned ? (long) r.readInt2() : (long) (short) r.readInt2();
            case LONG, INT24 -> unsigned ? r.readInt4() : (long) (int) r.readInt4();
            case LONGLONG -> r.readInt8();
            case FLOAT -> (double) Float.intBitsToFloat((int) r.readInt4());
            case DOUBLE -> Double.longBitsToDouble(r.readInt8());
            case DECIMAL, NEWDECIMAL -> decimal(r.readLenencString());
            case STRING, VAR_STRING, VARCHAR, ENUM, SET, JSON -> text(r.readLenencBytes());
            case TINY_BLOB, MEDIUM_BLOB, LONG_BLOB, BLOB, GEOMETRY, BIT -> r.readLenencBytes();
            case DATE -> date(r);
            case DATETIME, TIMESTAMP -> dateTime(r);
            case TIME -> time(r);
            default -> throw new MalformedPacketException("parameter type " + type + " cannot be sent");
        };
    }

    /** A long-data parameter's accumulated bytes: text for string types, bytes otherwise. */
    static Object fromLongData(byte[] data, int parameterType) {
        FieldType type = ParameterTypes.fieldType(parameterType);
        if (type == null) {
            return data;
        }
        return switch (type) {
            case STRING, VAR_STRING, VARCHAR, ENUM, SET, JSON -> text(data);
            default -> data;
        };
    }

    /**
     * A string parameter as text when it is valid UTF-8, else as its raw bytes: drivers send byte arrays with string
     * types too (Connector/J's setBytes), and a lossy decode would corrupt what lands in a BLOB column.
     */
    private static Object text(byte[] data) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(data))
                    .toString();
        } catch (CharacterCodingException e) {
            return data;
        }
    }

    private static BigDecimal decimal(String text) {
        try {
            return new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            throw new MalformedPacketException("DECIMAL parameter is not a number: " + text);
        }
    }

    /** A zero date (length 0) has no value in the model and is bound as NULL. */
    private static LocalDate date(PayloadReader r) {
        LocalDateTime dt = dateTime(r);
        return dt == null ? null : dt.toLocalDate();
    }

    private static LocalDateTime dateTime(PayloadReader r) {
        int length = r.readInt1();
        if (length == 0) {
            return null;
        }
        if (length != 4 && length != 7 && length != 11) {
            throw new MalformedPacketException("datetime parameter of length " + length);
        }
        int year = r.readInt2();
        int month = r.readInt1();
        int day = r.readInt1();
        int hour = 0;
        int minute = 0;
        int second = 0;
        long micros = 0;
        if (length >= 7) {
            hour = r.readInt1();
            minute = r.readInt1();
            second = r.readInt1();
        }
        if (length == 11) {
            micros = r.readInt4();
        }
        try {
            return LocalDateTime.of(year, month, day, hour, minute, second, Math.toIntExact(micros * 1000));
        } catch (DateTimeException | ArithmeticException e) {
            throw new MalformedPacketException("invalid datetime parameter: " + e.getMessage());
        }
    }

    private static Duration time(PayloadReader r) {
        int length = r.readInt1();
        if (length == 0) {
            return Duration.ZERO;
        }
        if (length != 8 && length != 12) {
            throw new MalformedPacketException("time parameter of length " + length);
        }
        boolean negative = r.readInt1() != 0;
        long days = r.readInt4();
        long seconds = days * SECONDS_PER_DAY + r.readInt1() * 3600L + r.readInt1() * 60L + r.readInt1();
        long micros = length == 12 ? r.readInt4() : 0;
        Duration d = Duration.ofSeconds(seconds, micros * 1000);
        return negative ? d.negated() : d;
    }
}
