package io.basalt.storage.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Index values: for every column type, NULL sorts first and byte order equals SQL value order; concatenated columns
 * (composite indexes, plus the handle of a non-unique index) order as tuples.
 */
class IndexValueEncoderTest {

    enum Kind { SIGNED, UNSIGNED, DOUBLE, DECIMAL, STRING_CI, BINARY, DATE, DATETIME, TIME }

    /** One column value of a given type; {@code v == null} is SQL NULL. */
    record Val(Kind kind, Object v) {
        @Override
        public String toString() {
            return kind + ":" + (v instanceof byte[] b ? Arrays.toString(b) : String.valueOf(v));
        }
    }

    static void put(IndexValueEncoder e, Val x) {
        if (x.v() == null) {
            e.putNull();
            return;
        }
        switch (x.kind()) {
            case SIGNED -> e.putSigned((Long) x.v());
            case UNSIGNED -> e.putUnsigned((Long) x.v());
            case DOUBLE -> e.putDouble((Double) x.v());
            case DECIMAL -> e.putDecimal((BigDecimal) x.v());
            case STRING_CI -> e.putStringCi((String) x.v());
            case BINARY -> e.putBinary((byte[]) x.v());
            case DATE -> e.putDate((LocalDate) x.v());
            case DATETIME -> e.putDateTime((LocalDateTime) x.v());
            case TIME -> e.putTimeMicros((Long) x.v());
        }
    }

    /** SQL order of two values of one column: NULL lowest. */
    static int sqlCompare(Val a, Val b) {
        if (a.v() == null || b.v() == null) {
            return Boolean.compare(a.v() != null, b.v() != null);
        }
        return Integer.signum(switch (a.kind()) {
            case SIGNED, TIME -> Long.compare((Long) a.v(), (Long) b.v());
            case UNSIGNED -> Long.compareUnsigned((Long) a.v(), (Long) b.v());
            case DOUBLE -> ((Double) a.v()).doubleValue() == (Double) b.v() ? 0
                    : Double.compare((Double) a.v(), (Double) b.v());
            case DECIMAL -> ((BigDecimal) a.v()).compareTo((BigDecimal) b.v());
            case STRING_CI -> Arrays.compareUnsigned(CaseInsensitiveCollation.sortKey((String) a.v()),
                    CaseInsensitiveCollation.sortKey((String) b.v()));
            case BINARY -> Arrays.compareUnsigned((byte[]) a.v(), (byte[]) b.v());
            case DATE -> ((LocalDate) a.v()).compareTo((LocalDate) b.v());
            case DATETIME -> ((LocalDateTime) a.v()).compareTo((LocalDateTime) b.v());
        });
    }

    static byte[] encode(Val... cols) {
        KeyBuilder kb = new KeyBuilder();
        IndexValueEncoder e = new IndexValueEncoder(kb);
        for (Val c : cols) {
            put(e, c);
        }
        return kb.toBytes();
    }

    static int byteOrder(byte[] a, byte[] b) {
        return Integer.signum(Arrays.compareUnsigned(a, b));
    }

    // ---------------------------------------------------------------- single columns

    @Property
    void singleColumnByteOrderIsSqlOrder(@ForAll("columnPairs") Val[] pair) {
        assertThat(byteOrder(encode(pair[0]), encode(pair[1])))
                .as("%s vs %s", pair[0], pair[1])
                .isEqualTo(sqlCompare(pair[0], pair[1]));
    }

    @Property
    void nullSortsBeforeEveryValue(@ForAll("nonNullValues") Val v) {
        Val nul = new Val(v.kind(), null);
        assertThat(byteOrder(encode(nul), encode(v))).isNegative();
        assertThat(encode(nul)).containsExactly(IndexValueEncoder.NULL_FLAG);
        // ... also when something follows the NULL (composite index)
        assertThat(byteOrder(encode(nul, new Val(Kind.BINARY, new byte[] {(byte) 0xFF, (byte) 0xFF})), encode(v)))
                .isNegative();
    }

    @Property
    void everyValueIsBelowMaxFlag(@ForAll("values") Val v) {
        assertThat(Byte.toUnsignedInt(encode(v)[0])).isLessThan(Byte.toUnsignedInt(IndexValueEncoder.MAX_FLAG));
    }

    // ---------------------------------------------------------------- composite keys

    @Property
    void compositeKeyOrderIsTupleOrder(@ForAll("columnPairs") Val[] first, @ForAll("columnPairs") Val[] second) {
        byte[] a = encode(first[0], second[0]);
        byte[] b = encode(first[1], second[1]);
        int expected = sqlCompare(first[0], first[1]);
        if (expected == 0) {
            expected = sqlCompare(second[0], second[1]);
        }
        assertThat(byteOrder(a, b)).as("(%s,%s) vs (%s,%s)", first[0], second[0], first[1], second[1])
                .isEqualTo(expected);
    }

    @Property
    void nonUniqueIndexKeyOrdersByValuesThenHandle(@ForAll("columnPairs") Val[] col,
                                                   @ForAll("handles") long h1, @ForAll("handles") long h2) {
        long table = 42;
        long index = 3;
        KeyBuilder ka = TableKeys.indexKeyBuilder(table, index);
        put(new IndexValueEncoder(ka), col[0]);
        MemComparable.encodeInt64(ka, h1);
        KeyBuilder kb = TableKeys.indexKeyBuilder(table, index);
        put(new IndexValueEncoder(kb), col[1]);
        MemComparable.encodeInt64(kb, h2);
        byte[] a = ka.toBytes();
        byte[] b = kb.toBytes();
        int expected = sqlCompare(col[0], col[1]);
        if (expected == 0) {
            expected = Integer.signum(Long.compare(h1, h2));
        }
        assertThat(byteOrder(a, b)).isEqualTo(expected);
        assertThat(TableKeys.decodeHandle(a)).isEqualTo(h1);
        for (byte[] k : new byte[][] {a, b}) {
            assertThat(Arrays.compareUnsigned(k, TableKeys.indexPrefix(table, index))).isPositive();
            assertThat(Arrays.compareUnsigned(k, TableKeys.indexRangeEnd(table, index))).isNegative();
        }
    }

    // ---------------------------------------------------------------- temporal specifics

    @Example
    void datesAndDateTimesOrderAcrossTheEpoch() {
        LocalDateTime[] asc = {
            LocalDateTime.of(1000, 1, 1, 0, 0),
            LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
            LocalDateTime.of(1970, 1, 1, 0, 0),
            LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1_000),
            LocalDateTime.of(2024, 2, 29, 12, 0),
            LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000)};
        for (int i = 0; i + 1 < asc.length; i++) {
            assertThat(byteOrder(encode(new Val(Kind.DATETIME, asc[i])), encode(new Val(Kind.DATETIME, asc[i + 1]))))
                    .isNegative();
            assertThat(byteOrder(encode(new Val(Kind.DATE, asc[i].toLocalDate())),
                    encode(new Val(Kind.DATE, asc[i + 1].toLocalDate())))).isNotPositive();
        }
        // DATETIME keeps microseconds: sub-microsecond digits are dropped, microseconds are not.
        LocalDateTime t = LocalDateTime.of(2001, 2, 3, 4, 5, 6, 7_000);
        assertThat(encode(new Val(Kind.DATETIME, t.plusNanos(999))))
                .isEqualTo(encode(new Val(Kind.DATETIME, t)));
        assertThat(byteOrder(encode(new Val(Kind.DATETIME, t)), encode(new Val(Kind.DATETIME, t.plusNanos(1_000)))))
                .isNegative();
    }

    @Example
    void decimalAndStringEqualityExamples() {
        assertThat(encode(new Val(Kind.DECIMAL, new BigDecimal("1.50"))))
                .isEqualTo(encode(new Val(Kind.DECIMAL, new BigDecimal("1.5"))));
        assertThat(encode(new Val(Kind.STRING_CI, "Straße ")))
                .isEqualTo(encode(new Val(Kind.STRING_CI, "strasse".replace("ss", "ß"))));
        assertThat(encode(new Val(Kind.STRING_CI, "a"), new Val(Kind.SIGNED, 1L)))
                .isEqualTo(encode(new Val(Kind.STRING_CI, "Á  "), new Val(Kind.SIGNED, 1L)));
    }

    // ---------------------------------------------------------------- generators

    @Provide
    Arbitrary<Long> handles() {
        return Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(-3, 3));
    }

    @Provide
    Arbitrary<Val> nonNullValues() {
        return Arbitraries.of(Kind.values()).flatMap(k -> raw(k).map(v -> new Val(k, v)));
    }

    @Provide
    Arbitrary<Val> values() {
        return Arbitraries.of(Kind.values()).flatMap(this::value);
    }

    /** Two values of the same column type, often equal (or collation-equal) so later columns get compared. */
    @Provide
    Arbitrary<Val[]> columnPairs() {
        return Arbitraries.of(Kind.values()).flatMap(k -> value(k).flatMap(a -> Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, value(k)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(a)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(variant(a)))
        ).map(b -> new Val[] {a, b})));
    }

    Arbitrary<Val> value(Kind k) {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, Arbitraries.just(new Val(k, null))),
                net.jqwik.api.Tuple.of(6, raw(k).map(v -> new Val(k, v))));
    }

    /** A different representation of an equal value, where the type has one. */
    static Val variant(Val a) {
        if (a.v() == null) {
            return a;
        }
        return switch (a.kind()) {
            case STRING_CI -> new Val(a.kind(), ((String) a.v()).toUpperCase(Locale.ROOT) + "  ");
            case DECIMAL -> new Val(a.kind(), ((BigDecimal) a.v()).setScale(((BigDecimal) a.v()).scale() + 2));
            case DOUBLE -> new Val(a.kind(), (Double) a.v() == 0.0 ? -((Double) a.v()) : a.v());
            case BINARY -> new Val(a.kind(), ((byte[]) a.v()).clone());
            default -> a;
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    Arbitrary<Object> raw(Kind k) {
        Arbitrary a = switch (k) {
            case SIGNED -> Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(-5, 5),
                    Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L));
            case UNSIGNED -> Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(-5, 5),
                    Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L));
            case TIME -> Arbitraries.longs().between(-838L * 3600 * 1_000_000 - 3599_999_999L,
                    838L * 3600 * 1_000_000 + 3599_999_999L);
            case DOUBLE -> Arbitraries.oneOf(Arbitraries.doubles(), Arbitraries.doubles().between(-3, 3).ofScale(1),
                    Arbitraries.of(0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
                            -Double.MAX_VALUE));
            case DECIMAL -> Combinators.combine(
                    Arbitraries.oneOf(Arbitraries.longs().between(-500, 500).map(BigInteger::valueOf),
                            Arbitraries.bigIntegers().between(BigInteger.TEN.pow(25).negate(), BigInteger.TEN.pow(25))),
                    Arbitraries.integers().between(-5, 12)).as(BigDecimal::new);
            case STRING_CI -> Arbitraries.oneOf(
                    Arbitraries.strings().withChars("aAbBáÁ ~").ofMaxLength(5),
                    Arbitraries.strings().ofMaxLength(10));
            case BINARY -> Arbitraries.oneOf(
                    Arbitraries.of((byte) 0, (byte) 1, (byte) 0xFF).array(byte[].class).ofMaxSize(10),
                    Arbitraries.bytes().array(byte[].class).ofMaxSize(20));
            case DATE -> Arbitraries.longs().between(LocalDate.of(1000, 1, 1).toEpochDay(),
                    LocalDate.of(9999, 12, 31).toEpochDay()).map(LocalDate::ofEpochDay);
            case DATETIME -> Combinators.combine(
                    Arbitraries.longs().between(LocalDate.of(1000, 1, 1).toEpochDay(),
                            LocalDate.of(9999, 12, 31).toEpochDay()).map(LocalDate::ofEpochDay),
                    Arbitraries.longs().between(0, 86_400_000_000L - 1))
                    .as((d, micros) -> d.atStartOfDay().plus(micros, ChronoUnit.MICROS));
        };
        return a;
    }
}
