package io.basalt.storage.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Memcomparable primitives: byte order of encodings equals value order, and every decoder inverts its encoder. */
class MemComparableTest {

    static byte[] enc(Consumer<KeyBuilder> f) {
        KeyBuilder b = new KeyBuilder(1);
        f.accept(b);
        return b.toBytes();
    }

    static int byteOrder(byte[] a, byte[] b) {
        return Integer.signum(Arrays.compareUnsigned(a, b));
    }

    // ---------------------------------------------------------------- signed / unsigned int64

    @Property
    void int64OrderMatchesSignedOrder(@ForAll("edgyLongs") long a, @ForAll("edgyLongs") long b) {
        byte[] ea = enc(k -> MemComparable.encodeInt64(k, a));
        byte[] eb = enc(k -> MemComparable.encodeInt64(k, b));
        assertThat(ea).hasSize(8);
        assertThat(byteOrder(ea, eb)).isEqualTo(Integer.signum(Long.compare(a, b)));
    }

    @Property
    void int64RoundTripsAtAnyOffset(@ForAll("edgyLongs") long v, @ForAll @IntRange(max = 9) int offset) {
        KeyBuilder b = new KeyBuilder();
        for (int i = 0; i < offset; i++) {
            b.put((byte) 0xAB);
        }
        MemComparable.encodeInt64(b, v);
        assertThat(MemComparable.decodeInt64(b.toBytes(), offset)).isEqualTo(v);
    }

    @Property
    void uint64OrderMatchesUnsignedOrder(@ForAll("edgyLongs") long a, @ForAll("edgyLongs") long b) {
        byte[] ea = enc(k -> MemComparable.encodeUint64(k, a));
        byte[] eb = enc(k -> MemComparable.encodeUint64(k, b));
        assertThat(byteOrder(ea, eb)).isEqualTo(Integer.signum(Long.compareUnsigned(a, b)));
        assertThat(MemComparable.readLong(ea, 0)).isEqualTo(a);
    }

    @Property
    void uint64DescReversesUnsignedOrder(@ForAll("edgyLongs") long a, @ForAll("edgyLongs") long b) {
        byte[] ea = enc(k -> MemComparable.encodeUint64Desc(k, a));
        byte[] eb = enc(k -> MemComparable.encodeUint64Desc(k, b));
        assertThat(byteOrder(ea, eb)).isEqualTo(-Integer.signum(Long.compareUnsigned(a, b)));
    }

    @Provide
    Arbitrary<Long> edgyLongs() {
        return Arbitraries.oneOf(
                Arbitraries.longs(),
                Arbitraries.longs().between(-300, 300),
                Arbitraries.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L, 0L, 1L, Long.MAX_VALUE - 1, Long.MAX_VALUE,
                        (long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE, 0xFFL, 0x100L, 0x80L, -0x80L));
    }

    // ---------------------------------------------------------------- doubles

    @Property
    void doubleOrderMatchesNumericOrder(@ForAll("doubles") double a, @ForAll("doubles") double b) {
        byte[] ea = enc(k -> MemComparable.encodeDouble(k, a));
        byte[] eb = enc(k -> MemComparable.encodeDouble(k, b));
        // Double.compare distinguishes -0.0 from 0.0; SQL does not, and neither must the index.
        int expected = a == b ? 0 : Double.compare(a, b);
        assertThat(byteOrder(ea, eb)).isEqualTo(Integer.signum(expected));
    }

    @Property
    void doubleRoundTrips(@ForAll("doubles") double v) {
        byte[] e = enc(k -> MemComparable.encodeDouble(k, v));
        double back = MemComparable.decodeDouble(e, 0);
        assertThat(back == v).as("decoded %s from %s", back, v).isTrue();
        if (v != 0.0) {
            assertThat(Double.doubleToRawLongBits(back)).isEqualTo(Double.doubleToRawLongBits(v));
        }
    }

    @Example
    void negativeZeroEqualsZeroAndInfinitiesAreExtremes() {
        byte[] pz = enc(k -> MemComparable.encodeDouble(k, 0.0));
        byte[] nz = enc(k -> MemComparable.encodeDouble(k, -0.0));
        assertThat(nz).isEqualTo(pz);
        byte[] ninf = enc(k -> MemComparable.encodeDouble(k, Double.NEGATIVE_INFINITY));
        byte[] pinf = enc(k -> MemComparable.encodeDouble(k, Double.POSITIVE_INFINITY));
        byte[] lowest = enc(k -> MemComparable.encodeDouble(k, -Double.MAX_VALUE));
        byte[] highest = enc(k -> MemComparable.encodeDouble(k, Double.MAX_VALUE));
        byte[] tinyNeg = enc(k -> MemComparable.encodeDouble(k, -Double.MIN_VALUE));
        byte[] tinyPos = enc(k -> MemComparable.encodeDouble(k, Double.MIN_VALUE));
        assertThat(byteOrder(ninf, lowest)).isNegative();
        assertThat(byteOrder(lowest, tinyNeg)).isNegative();
        assertThat(byteOrder(tinyNeg, pz)).isNegative();
        assertThat(byteOrder(pz, tinyPos)).isNegative();
        assertThat(byteOrder(tinyPos, highest)).isNegative();
        assertThat(byteOrder(highest, pinf)).isNegative();
        assertThat(MemComparable.decodeDouble(ninf, 0)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(MemComparable.decodeDouble(pinf, 0)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Provide
    Arbitrary<Double> doubles() {
        return Arbitraries.oneOf(
                Arbitraries.doubles(),
                Arbitraries.doubles().between(-10, 10).ofScale(2),
                Arbitraries.longs().map(Double::longBitsToDouble).filter(d -> !Double.isNaN(d)),
                Arbitraries.of(0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
                        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_NORMAL, -Double.MIN_NORMAL,
                        1.0, -1.0));
    }

    // ---------------------------------------------------------------- decimals

    @Property
    void decimalOrderMatchesNumericOrder(@ForAll("decimals") BigDecimal a, @ForAll("decimals") BigDecimal b) {
        byte[] ea = enc(k -> MemComparable.encodeDecimal(k, a));
        byte[] eb = enc(k -> MemComparable.encodeDecimal(k, b));
        assertThat(byteOrder(ea, eb)).as("%s vs %s", a, b).isEqualTo(Integer.signum(a.compareTo(b)));
    }

    @Property
    void numericallyEqualDecimalsEncodeEqually(@ForAll("decimals") BigDecimal a,
                                               @ForAll @IntRange(max = 6) int extraScale) {
        BigDecimal b = a.setScale(a.scale() + extraScale); // same number, more trailing zeros
        assertThat(b.compareTo(a)).isZero();
        assertThat(enc(k -> MemComparable.encodeDecimal(k, b))).isEqualTo(enc(k -> MemComparable.encodeDecimal(k, a)));
    }

    @Property
    void decimalRoundTripsNumericallyAndReportsItsEnd(@ForAll("decimals") BigDecimal v,
                                                      @ForAll("decimals") BigDecimal next) {
        KeyBuilder b = new KeyBuilder();
        b.put((byte) 0x7E);
        MemComparable.encodeDecimal(b, v);
        int firstEnd = b.length();
        MemComparable.encodeDecimal(b, next);
        byte[] bytes = b.toBytes();
        int[] end = new int[1];
        BigDecimal back = MemComparable.decodeDecimal(bytes, 1, end);
        assertThat(back).isEqualByComparingTo(v);
        assertThat(end[0]).isEqualTo(firstEnd);
        assertThat(MemComparable.decodeDecimal(bytes, end[0], end)).isEqualByComparingTo(next);
        assertThat(end[0]).isEqualTo(bytes.length);
    }

    @Example
    void decimalExamples() {
        assertThat(enc(k -> MemComparable.encodeDecimal(k, new BigDecimal("1.50"))))
                .isEqualTo(enc(k -> MemComparable.encodeDecimal(k, new BigDecimal("1.5"))));
        assertThat(enc(k -> MemComparable.encodeDecimal(k, new BigDecimal("0.000"))))
                .isEqualTo(enc(k -> MemComparable.encodeDecimal(k, BigDecimal.ZERO)));
        assertThat(enc(k -> MemComparable.encodeDecimal(k, new BigDecimal("-0.00"))))
                .isEqualTo(enc(k -> MemComparable.encodeDecimal(k, BigDecimal.ZERO)));
        assertThat(enc(k -> MemComparable.encodeDecimal(k, new BigDecimal("1E+3"))))
                .isEqualTo(enc(k -> MemComparable.encodeDecimal(k, new BigDecimal("1000.0"))));
        String[] ascending = {"-1000", "-999.99", "-10", "-9.5", "-1", "-0.15", "-0.1", "-0.0001", "0", "0.0001",
            "0.1", "0.15", "1", "1.05", "1.5", "9.99", "10", "99", "100.001", "1000"};
        for (int i = 0; i + 1 < ascending.length; i++) {
            BigDecimal lo = new BigDecimal(ascending[i]);
            BigDecimal hi = new BigDecimal(ascending[i + 1]);
            assertThat(byteOrder(enc(k -> MemComparable.encodeDecimal(k, lo)),
                    enc(k -> MemComparable.encodeDecimal(k, hi)))).as("%s < %s", lo, hi).isNegative();
        }
    }

    @Provide
    Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.longs().between(-1000, 1000).map(BigInteger::valueOf),
                Arbitraries.longs().map(BigInteger::valueOf),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)));
        Arbitrary<Integer> scale = Arbitraries.integers().between(-12, 30);
        return Combinators.combine(unscaled, scale).as(BigDecimal::new);
    }

    // ---------------------------------------------------------------- bytes

    @Property
    void bytesOrderPreserved(@ForAll("keyBytes") byte[] a, @ForAll("keyBytes") byte[] b) {
        byte[] ea = enc(k -> MemComparable.encodeBytes(k, a));
        byte[] eb = enc(k -> MemComparable.encodeBytes(k, b));
        assertThat(byteOrder(ea, eb)).isEqualTo(byteOrder(a, b));
        assertThat(ea).hasSize(MemComparable.encodedBytesLength(a.length));
    }

    @Property
    void noBytesEncodingIsAPrefixOfAnother(@ForAll("keyBytes") byte[] a, @ForAll("keyBytes") byte[] b) {
        byte[] ea = enc(k -> MemComparable.encodeBytes(k, a));
        byte[] eb = enc(k -> MemComparable.encodeBytes(k, b));
        if (!Arrays.equals(a, b)) {
            assertThat(isPrefix(ea, eb)).as("%s prefix of %s", Arrays.toString(ea), Arrays.toString(eb)).isFalse();
            assertThat(isPrefix(eb, ea)).isFalse();
        }
    }

    @Property
    void bytesThenSuffixKeepsOrderOfFirstComponent(@ForAll("keyBytes") byte[] a, @ForAll("keyBytes") byte[] b,
                                                   @ForAll @Size(max = 12) byte[] sa,
                                                   @ForAll @Size(max = 12) byte[] sb) {
        // Composite keys: whatever follows the encoded value never changes the order decided by the value.
        if (Arrays.equals(a, b)) {
            return;
        }
        byte[] ka = enc(k -> {
            MemComparable.encodeBytes(k, a);
            k.put(sa);
        });
        byte[] kb = enc(k -> {
            MemComparable.encodeBytes(k, b);
            k.put(sb);
        });
        assertThat(byteOrder(ka, kb)).isEqualTo(byteOrder(a, b));
    }

    @Property
    void bytesRoundTripAtOffsetAndReportEnd(@ForAll("keyBytes") byte[] v, @ForAll @Size(max = 9) byte[] before,
                                            @ForAll @Size(max = 9) byte[] after) {
        KeyBuilder b = new KeyBuilder();
        b.put(before);
        MemComparable.encodeBytes(b, v);
        int valueEnd = b.length();
        b.put(after);
        int[] end = new int[1];
        assertThat(MemComparable.decodeBytes(b.toBytes(), before.length, end)).isEqualTo(v);
        assertThat(end[0]).isEqualTo(valueEnd);
    }

    @Example
    void bytesGroupLayoutMatchesSpec() {
        assertThat(enc(k -> MemComparable.encodeBytes(k, new byte[] {'k', '1'})))
                .containsExactly('k', '1', 0, 0, 0, 0, 0, 0, 0xF9);
        assertThat(enc(k -> MemComparable.encodeBytes(k, "abcdefgh".getBytes())))
                .containsExactly('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0xF7);
        assertThat(enc(k -> MemComparable.encodeBytes(k, new byte[0])))
                .containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 0xF7);
    }

    @Example
    void truncatedBytesAreRejected() {
        byte[] e = enc(k -> MemComparable.encodeBytes(k, "abcdefghij".getBytes()));
        for (int len = 0; len < e.length; len++) {
            byte[] cut = Arrays.copyOf(e, len);
            assertThatThrownBy(() -> MemComparable.decodeBytes(cut, 0, new int[1]))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Provide
    Arbitrary<byte[]> keyBytes() {
        // A small alphabet with the interesting bytes, lengths around the 8-byte group boundaries.
        Arbitrary<Byte> b = Arbitraries.of((byte) 0, (byte) 1, (byte) 'a', (byte) 0x7F, (byte) 0x80, (byte) 0xF7,
                (byte) 0xF8, (byte) 0xFE, (byte) 0xFF);
        return Arbitraries.oneOf(
                b.array(byte[].class).ofMaxSize(25),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(40));
    }

    static boolean isPrefix(byte[] p, byte[] of) {
        return p.length <= of.length && Arrays.equals(p, 0, p.length, of, 0, p.length);
    }
}
