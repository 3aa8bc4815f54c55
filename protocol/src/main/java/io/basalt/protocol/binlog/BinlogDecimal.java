package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * MySQL's binary DECIMAL(p,s) format ({@code decimal2bin}): the p−s integer digits and the s fraction digits are
 * each cut into groups of 9 stored as 4-byte big-endian words; the leftover leading integer digits and trailing
 * fraction digits take {@link #DIG2BYTES} bytes. Negative values have every byte inverted, and the top bit of the
 * first byte is then flipped, so that the encoding sorts bytewise.
 */
final class BinlogDecimal {
    private static final int DIGITS_PER_WORD = 9;
    private static final int WORD_SIZE = 4;
    private static final int[] DIG2BYTES = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};
    private static final BigInteger BILLION = BigInteger.valueOf(1_000_000_000L);

    private BinlogDecimal() {
    }

    /** Bytes of a DECIMAL(precision, scale) value. */
    static int size(int precision, int scale) {
        int intg = precision - scale;
        return intg / DIGITS_PER_WORD * WORD_SIZE + DIG2BYTES[intg % DIGITS_PER_WORD]
                + scale / DIGITS_PER_WORD * WORD_SIZE + DIG2BYTES[scale % DIGITS_PER_WORD];
    }

    /**
     * Writes {@code value} rounded half-up to {@code scale} digits.
     *
     * @throws IllegalArgumentException if the integer part has more than precision − scale digits
     */
    static void write(ByteBuf out, BigDecimal value, int precision, int scale) {
        BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
        boolean negative = scaled.signum() < 0;
        BigInteger unscaled = scaled.unscaledValue().abs();
        BigInteger[] parts = unscaled.divideAndRemainder(BigInteger.TEN.pow(scale));
        int intg = precision - scale;
        if (parts[0].signum() != 0 && parts[0].toString().length() > intg) {
            throw new IllegalArgumentException(value + " does not fit DECIMAL(" + precision + "," + scale + ")");
        }
        int start = out.writerIndex();
        writeInteger(out, parts[0], intg);
        writeFraction(out, parts[1], scale);
        int end = out.writerIndex();
        if (negative) {
            for (int i = start; i < end; i++) {
                out.setByte(i, ~out.getByte(i));
            }
        }
        out.setByte(start, out.getByte(start) ^ 0x80);
    }

    /** Integer digits, most significant first: the short leading group, then full 9-digit words. */
    private static void writeInteger(ByteBuf out, BigInteger integer, int digits) {
        int words = digits / DIGITS_PER_WORD;
        int leading = digits % DIGITS_PER_WORD;
        long[] groups = new long[words];
        BigInteger rest = integer;
        for (int i = words - 1; i >= 0; i--) {
            BigInteger[] qr = rest.divideAndRemainder(BILLION);
            groups[i] = qr[1].longValue();
            rest = qr[0];
        }
        writeBigEndian(out, rest.longValue(), DIG2BYTES[leading]);
        for (long g : groups) {
            out.writeInt((int) g);
        }
    }

    /** Fraction digits: full 9-digit words first, then the trailing short group as its own number. */
    private static void writeFraction(ByteBuf out, BigInteger fraction, int digits) {
        if (digits == 0) {
            return;
        }
        String text = fraction.toString();
        String padded = "0".repeat(digits - text.length()) + text;
        int words = digits / DIGITS_PER_WORD;
        for (int i = 0; i < words; i++) {
            out.writeInt(Integer.parseInt(padded.substring(i * DIGITS_PER_WORD, (i + 1) * DIGITS_PER_WORD)));
        }
        int trailing = digits % DIGITS_PER_WORD;
        if (trailing > 0) {
            writeBigEndian(out, Long.parseLong(padded.substring(words * DIGITS_PER_WORD)), DIG2BYTES[trailing]);
        }
    }

    static BigDecimal read(ByteBuf in, int precision, int scale) {
        int size = size(precision, scale);
        byte[] bytes = new byte[size];
        in.readBytes(bytes);
        boolean negative = (bytes[0] & 0x80) == 0;
        bytes[0] ^= (byte) 0x80;
        if (negative) {
            for (int i = 0; i < size; i++) {
                bytes[i] = (byte) ~bytes[i];
            }
        }
        int intg = precision - scale;
        int pos = 0;
        int leadingBytes = DIG2BYTES[intg % DIGITS_PER_WORD];
        BigInteger integer = BigInteger.valueOf(readBigEndian(bytes, pos, leadingBytes));
        pos += leadingBytes;
        for (int i = 0; i < intg / DIGITS_PER_WORD; i++) {
            integer = integer.multiply(BILLION).add(BigInteger.valueOf(readBigEndian(bytes, pos, WORD_SIZE)));
            pos += WORD_SIZE;
        }
        StringBuilder fraction = new StringBuilder(scale);
        for (int i = 0; i < scale / DIGITS_PER_WORD; i++) {
            appendDigits(fraction, readBigEndian(bytes, pos, WORD_SIZE), DIGITS_PER_WORD);
            pos += WORD_SIZE;
        }
        int trailing = scale % DIGITS_PER_WORD;
        if (trailing > 0) {
            appendDigits(fraction, readBigEndian(bytes, pos, DIG2BYTES[trailing]), trailing);
        }
        BigInteger unscaled = integer.multiply(BigInteger.TEN.pow(scale))
                .add(scale == 0 ? BigInteger.ZERO : new BigInteger(fraction.toString()));
        return new BigDecimal(negative ? unscaled.negate() : unscaled, scale);
    }

    private static void appendDigits(StringBuilder sb, long value, int digits) {
        String text = Long.toString(value);
        sb.append("0".repeat(Math.max(0, digits - text.length()))).append(text);
    }

    private static void writeBigEndian(ByteBuf out, long value, int bytes) {
        for (int i = bytes - 1; i >= 0; i--) {
            out.writeByte((int) (value >>> (8 * i)));
        }
    }

    private static long readBigEndian(byte[] bytes, int pos, int length) {
        long value = 0;
        for (int i = 0; i < length; i++) {
            value = value << 8 | (bytes[pos + i] & 0xff);
        }
        return value;
    }
}
