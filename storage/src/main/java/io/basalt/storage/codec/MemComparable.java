package io.basalt.storage.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Memcomparable primitives: for every encoder here, unsigned lexicographic order of the encoded bytes equals the
 * natural order of the values, and no encoding is a prefix of another of the same kind, so values can be
 * concatenated into composite keys.
 */
public final class MemComparable {
    static final int GROUP = 8;
    static final byte MARKER = (byte) 0xFF;

    private MemComparable() {
    }

    /** MyRocks/TiKV group encoding: 8-byte groups, each followed by a marker 0xFF - padding. */
    public static void encodeBytes(KeyBuilder out, byte[] data) {
        int idx = 0;
        int n = data.length;
        while (true) {
            int remain = n - idx;
            if (remain >= GROUP) {
                out.put(data, idx, GROUP);
                out.put(MARKER);
                idx += GROUP;
            } else {
                out.put(data, idx, remain);
                int pad = GROUP - remain;
                for (int i = 0; i < pad; i++) {
                    out.put((byte) 0);
                }
                out.put((byte) (0xFF - pad));
                return;
            }
        }
    }

    public static int encodedBytesLength(int rawLength) {
        return (rawLength / GROUP + 1) * (GROUP + 1);
    }

    /** Decodes one group-encoded value starting at {@code pos}; returns the raw bytes, and its end via {@code end}. */
    public static byte[] decodeBytes(byte[] in, int pos, int[] end) {
        KeyBuilder raw = new KeyBuilder();
        int p = pos;
        while (true) {
            if (p + GROUP + 1 > in.length) {
                throw new IllegalArgumentException("truncated memcomparable bytes at " + p);
            }
            int marker = in[p + GROUP] & 0xFF;
            int pad = 0xFF - marker;
            if (pad > GROUP) {
                throw new IllegalArgumentException("bad memcomparable marker " + marker);
            }
            raw.put(in, p, GROUP - pad);
            p += GROUP + 1;
            if (pad != 0) {
                end[0] = p;
                return raw.toBytes();
            }
        }
    }

    public static void encodeInt64(KeyBuilder out, long v) {
        out.putLongBigEndian(v ^ Long.MIN_VALUE);
    }

    public static long decodeInt64(byte[] in, int pos) {
        return readLong(in, pos) ^ Long.MIN_VALUE;
    }

    public static void encodeUint64(KeyBuilder out, long unsigned) {
        out.putLongBigEndian(unsigned);
    }

    public static void encodeUint64Desc(KeyBuilder out, long unsigned) {
        out.putLongBigEndian(~unsigned);
    }

    public static long readLong(byte[] in, int pos) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (in[pos + i] & 0xFF);
        }
        return v;
    }

    /** IEEE-754 with the sign bit flipped for positives and all bits flipped for negatives; -0.0 equals 0.0. */
    public static void encodeDouble(KeyBuilder out, double d) {
        long bits = Double.doubleToLongBits(d == 0.0 ? 0.0 : d);
        bits = bits >= 0 ? bits ^ Long.MIN_VALUE : ~bits;
        out.putLongBigEndian(bits);
    }

    public static double decodeDouble(byte[] in, int pos) {
        long bits = readLong(in, pos);
        bits = bits < 0 ? bits ^ Long.MIN_VALUE : ~bits;
        return Double.longBitsToDouble(bits);
    }

    /**
     * Decimal as sign byte, then for non-zero values the decimal exponent and the significant digits (value =
     * 0.d1d2... x 10^exp), all complemented for negatives. Numerically equal values (1.50 and 1.5) encode equally.
     */
    public static void encodeDecimal(KeyBuilder out, BigDecimal value) {
        int sign = value.signum();
        if (sign == 0) {
            out.put((byte) 1);
            return;
        }
        BigDecimal norm = value.stripTrailingZeros();
        BigInteger unscaled = norm.unscaledValue().abs();
        byte[] digits = unscaled.toString().getBytes(StandardCharsets.US_ASCII);
        int exp = digits.length - norm.scale();
        if (sign > 0) {
            out.put((byte) 2);
            out.putIntBigEndian(exp ^ Integer.MIN_VALUE);
            out.put(digits);
            out.put((byte) 0);
        } else {
            out.put((byte) 0);
            out.putIntBigEndian(~(exp ^ Integer.MIN_VALUE));
            for (byte d : digits) {
                out.put((byte) ~d);
            }
            out.put((byte) 0xFF);
        }
    }

    public static BigDecimal decodeDecimal(byte[] in, int pos, int[] end) {
        int sign = in[pos];
        if (sign == 1) {
            end[0] = pos + 1;
            return BigDecimal.ZERO;
        }
        boolean negative = sign == 0;
        int rawExp = (int) (readInt(in, pos + 1));
        int exp = negative ? (~rawExp) ^ Integer.MIN_VALUE : rawExp ^ Integer.MIN_VALUE;
        int p = pos + 5;
        StringBuilder digits = new StringBuilder();
        byte terminator = negative ? (byte) 0xFF : 0;
        while (in[p] != terminator) {
            digits.append((char) (negative ? ~in[p] & 0xFF : in[p]));
            p++;
        }
        end[0] = p + 1;
        BigDecimal unscaled = new BigDecimal(new BigInteger(digits.toString()));
        BigDecimal v = unscaled.scaleByPowerOfTen(exp - digits.length());
        return negative ? v.negate() : v;
    }

    private static long readInt(byte[] in, int pos) {
        return ((in[pos] & 0xFFL) << 24) | ((in[pos + 1] & 0xFFL) << 16) | ((in[pos + 2] & 0xFFL) << 8)
                | (in[pos + 3] & 0xFFL);
    }
}
