package io.basalt.sql.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.WithNull;
import org.junit.jupiter.api.Test;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;

class RowCodecTest {
    private static final SqlType DEC = SqlType.decimal(65, 30);

    static ColumnDef col(int id, String name, SqlType type) {
        return new ColumnDef(id, name, type, true, DefaultValue.NONE, false, false, null);
    }

    static TableDef table(long id, ColumnDef... columns) {
        return new TableDef(id, "db", "t" + id, List.of(columns), List.of(), -1, columns.length + 1, 1, null);
    }

    /** Encodes and decodes {@code row}, keeping its off-row values in a map as the store would under their keys. */
    static Object[] roundTrip(TableDef t, Object[] row) {
        EncodedRow e = RowCodec.encode(t, row);
        Map<Integer, byte[]> offRow = new HashMap<>();
        e.offRow().forEach(v -> offRow.put(v.columnId(), v.bytes()));
        return RowCodec.decode(t, e.value(), offRow::get).values();
    }

    /** Decodes a value that must keep nothing off-row. */
    static Object[] decodeInRow(TableDef t, byte[] value) {
        DecodedRow d = RowCodec.decode(t, value, id -> {
            throw new AssertionError("asked for off-row column " + id);
        });
        assertThat(d.offRow().isEmpty()).isTrue();
        return d.values();
    }

    private static Object roundTrip(SqlType type, Object value) {
        TableDef t = table(1, col(1, "a", SqlType.BIGINT), col(2, "v", type), col(3, "z", SqlType.varchar(10)));
        Object[] row = {7L, value, "after"};
        Object[] back = roundTrip(t, row);
        assertThat(back[0]).isEqualTo(7L);
        assertThat(back[2]).isEqualTo("after");
        return back[1];
    }

    @Property
    void signedIntegers(@ForAll @WithNull(0.05) Long v) {
        assertThat(roundTrip(SqlType.BIGINT, v)).isEqualTo(v);
    }

    @Property
    void unsignedIntegersIncludingAboveLongMax(@ForAll long bits) {
        assertThat(roundTrip(SqlType.BIGINT_UNSIGNED, bits)).isEqualTo(bits);
    }

    @Property
    void decimalsKeepTheirScale(@ForAll("decimals") BigDecimal v) {
        Object back = roundTrip(DEC, v);
        assertThat(back).isInstanceOf(BigDecimal.class);
        assertThat(((BigDecimal) back).scale()).isEqualTo(v.scale());
        assertThat(back).isEqualTo(v);
    }

    @Provide
    Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigInteger> unscaled = Arbitraries.bigIntegers()
                .between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40));
        return Combinators.combine(unscaled, Arbitraries.integers().between(-5, 30)).as(BigDecimal::new);
    }

    @Property
    void doublesBitForBit(@ForAll double v) {
        Object back = roundTrip(SqlType.DOUBLE, v);
        assertThat(Double.doubleToRawLongBits((Double) back)).isEqualTo(Double.doubleToRawLongBits(v));
    }

    @Property
    void stringsAsUtf8(@ForAll("text") String v) {
        assertThat(roundTrip(SqlType.LONGTEXT, v)).isEqualTo(v);
    }

    @Provide
    Arbitrary<String> text() {
        return Arbitraries.integers().between(0, Character.MAX_CODE_POINT)
                .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)
                .list().ofMaxSize(40)
                .map(cps -> {
                    StringBuilder sb = new StringBuilder();
                    cps.forEach(sb::appendCodePoint);
                    return sb.toString();
                });
    }

    @Test
    void unpairedSurrogateIsWrittenAsQuestionMarkLikeStringGetBytes() {
        assertThat(roundTrip(SqlType.LONGTEXT, "a\uD800b")).isEqualTo("a?b");
    }

    @Property
    void bytes(@ForAll byte[] v) {
        assertThat((byte[]) roundTrip(SqlType.LONGBLOB, v)).isEqualTo(v);
    }

    @Property
    void dates(@ForAll("dates") LocalDate v) {
        assertThat(roundTrip(SqlType.DATE, v)).isEqualTo(v);
    }

    @Provide
    Arbitrary<LocalDate> dates() {
        return Arbitraries.longs().between(LocalDate.of(1, 1, 1).toEpochDay(), LocalDate.of(9999, 12, 31).toEpochDay())
                .map(LocalDate::ofEpochDay);
    }

    @Property
    void dateTimesWithMicroseconds(@ForAll("dates") LocalDate d, @ForAll("micros") long microOfDay) {
        LocalDateTime v = d.atStartOfDay().plus(Math.floorMod(microOfDay, 86_400_000_000L), ChronoUnit.MICROS);
        assertThat(roundTrip(SqlType.temporal(TypeKind.DATETIME, 6), v)).isEqualTo(v);
    }

    @Provide
    Arbitrary<Long> micros() {
        return Arbitraries.longs();
    }

    @Property
    void timesWithSignAndMicroseconds(@ForAll("times") long micros) {
        Duration v = Duration.of(micros, ChronoUnit.MICROS);
        assertThat(roundTrip(SqlType.temporal(TypeKind.TIME, 6), v)).isEqualTo(v);
    }

    @Provide
    Arbitrary<Long> times() {
        long max = (838L * 3600 + 59 * 60 + 59) * 1_000_000L;
        return Arbitraries.longs().between(-max, max).edgeCases(c -> c.add(-1L, 1L, -max, max, -1_500_000L));
    }

    @Test
    void sysbenchRowIsCompact() {
        TableDef t = table(1, col(1, "id", SqlType.INT), col(2, "k", SqlType.INT),
                col(3, "c", new SqlType(TypeKind.CHAR, 120, 0, 0, false, List.of())),
                col(4, "pad", new SqlType(TypeKind.CHAR, 60, 0, 0, false, List.of())));
        String c = "68487932199-96439406143-93774651418-41631865787-96406072701-20604855487-25459966574-28203206787"
                + "-41238978918-19503783441";
        String pad = "22195207048-70116052123-74140395089-76317954521-98694025897";
        EncodedRow e = RowCodec.encode(t, new Object[] {12345L, 4999L, c, pad});
        // version, 4 one-byte headers, 3 + 2 varint bytes of the integers, one length byte per string
        assertThat(e.value()).hasSize(1 + 4 + 3 + 2 + 1 + c.length() + 1 + pad.length());
        assertThat(e.offRow()).isEmpty();
        assertThat(decodeInRow(t, e.value())).containsExactly(12345L, 4999L, c, pad);
    }

    @Test
    void columnAddedLaterDecodesToItsOriginDefaultAndDroppedColumnIsSkipped() {
        ColumnDef a = col(1, "a", SqlType.BIGINT);
        ColumnDef b = col(2, "b", SqlType.varchar(10));
        TableDef before = table(1, a, b);
        byte[] stored = RowCodec.encode(before, new Object[] {1L, "x"}).value();

        ColumnDef c = new ColumnDef(3, "c", SqlType.INT, false, new DefaultValue.Constant(5L), false, false, null,
                null, 5L);
        TableDef after = new TableDef(1, "db", "t1", List.of(c, a), List.of(), -1, 4, 1, null);
        assertThat(decodeInRow(after, stored)).containsExactly(5L, 1L);

        TableDef nullable = new TableDef(1, "db", "t1", List.of(a, b, col(3, "n", SqlType.DATE)), List.of(), -1, 4, 1,
                null);
        assertThat(decodeInRow(nullable, stored)).containsExactly(1L, "x", null);
    }

    @Test
    void explicitNullIsNotReplacedByTheDefault() {
        ColumnDef c = new ColumnDef(1, "c", SqlType.INT, true, new DefaultValue.Constant(5L), false, false, null,
                null, 5L);
        TableDef t = table(1, c);
        assertThat(roundTrip(t, new Object[] {null})).containsExactly((Object) null);
    }

    @Test
    void wrongValueClassAndRowLengthAreRejected() {
        TableDef t = table(1, col(1, "a", SqlType.INT));
        assertThatThrownBy(() -> RowCodec.encode(t, new Object[] {"1"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("takes Long");
        assertThatThrownBy(() -> RowCodec.encode(t, new Object[] {1L, 2L}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void codecIsCachedPerDefinition() {
        TableDef t = table(42, col(1, "a", SqlType.INT));
        assertThat(RowCodec.of(t)).isSameAs(RowCodec.of(t));
        TableDef changed = table(42, col(1, "a", SqlType.INT), col(2, "b", SqlType.INT));
        assertThat(RowCodec.of(changed)).isNotSameAs(RowCodec.of(t));
    }

    @Test
    void manyColumnsWithLargeIds() {
        List<ColumnDef> cols = new ArrayList<>();
        Object[] row = new Object[40];
        for (int i = 0; i < 40; i++) {
            cols.add(col(1000 + i * 37, "c" + i, SqlType.BIGINT));
            row[i] = (long) i * 1_000_003;
        }
        TableDef t = new TableDef(3, "db", "wide", cols, List.of(), -1, 3000, 1, null);
        assertThat(roundTrip(t, row)).containsExactly(row);
    }

    @Test
    void longStringsAndBinariesGoOffRowFromTheThreshold() {
        TableDef t = table(5, col(1, "id", SqlType.BIGINT), col(7, "doc", new SqlType(TypeKind.LONGTEXT, 0, 0, 0, false,
                List.of())), col(9, "img", new SqlType(TypeKind.LONGBLOB, 0, 0, 0, false, List.of())));
        String atThreshold = "é".repeat(RowCodec.OFF_ROW_THRESHOLD / 2); // 2 UTF-8 bytes each: exactly the threshold
        byte[] below = new byte[RowCodec.OFF_ROW_THRESHOLD - 1];
        below[7] = 42;
        EncodedRow e = RowCodec.encode(t, new Object[] {3L, atThreshold, below});
        assertThat(e.offRow()).extracting(EncodedRow.OffRowValue::columnId).containsExactly(7);
        assertThat(e.offRow().get(0).bytes()).isEqualTo(atThreshold.getBytes(StandardCharsets.UTF_8));
        assertThat(e.hasOffRow(7)).isTrue();
        assertThat(e.hasOffRow(9)).isFalse();
        // the row holds the binary value and only a stub of the string
        assertThat(e.value().length).isBetween(below.length, below.length + 20);

        DecodedRow d = RowCodec.decode(t, e.value(), id -> id == 7 ? e.offRow().get(0).bytes() : null);
        assertThat(d.values()).containsExactly(3L, atThreshold, below);
        assertThat(d.offRow().contains(7)).isTrue();
        assertThat(d.offRow().contains(9)).isFalse();

        byte[] large = new byte[RowCodec.OFF_ROW_THRESHOLD];
        large[0] = 1;
        assertThat(roundTrip(t, new Object[] {4L, "short", large})).containsExactly(4L, "short", large);
    }

    @Test
    void aMissingOrTruncatedOffRowValueIsReportedNotReturned() {
        TableDef t = table(6, col(1, "id", SqlType.BIGINT), col(2, "doc", SqlType.varchar(65535)));
        byte[] stored = RowCodec.encode(t, new Object[] {1L, "x".repeat(RowCodec.OFF_ROW_THRESHOLD)}).value();
        assertThatThrownBy(() -> RowCodec.decode(t, stored, id -> null))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("none are stored");
        assertThatThrownBy(() -> RowCodec.decode(t, stored, id -> new byte[3]))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("3 are stored");
    }

    @Test
    void anOffRowValueOfADroppedColumnIsReportedButNotRead() {
        ColumnDef id = col(1, "id", SqlType.BIGINT);
        TableDef before = table(8, id, col(2, "doc", SqlType.varchar(65535)));
        EncodedRow e = RowCodec.encode(before, new Object[] {1L, "y".repeat(RowCodec.OFF_ROW_THRESHOLD + 1)});
        TableDef after = new TableDef(8, "db", "t8", List.of(id), List.of(), -1, 3, 1, null);
        DecodedRow d = RowCodec.decode(after, e.value(), c -> {
            throw new AssertionError("read a dropped column");
        });
        assertThat(d.values()).containsExactly(1L);
        assertThat(d.offRow().ids()).containsExactly(2);
    }

    @Test
    void aRewrittenRowReferencesTheOffRowValueItLeftAloneWithoutEncodingItAgain() {
        TableDef t = table(9, col(1, "id", SqlType.BIGINT), col(2, "doc", new SqlType(TypeKind.LONGTEXT, 0, 0, 0,
                false, List.of())), col(3, "img", new SqlType(TypeKind.LONGBLOB, 0, 0, 0, false, List.of())));
        String doc = "ü".repeat(RowCodec.OFF_ROW_THRESHOLD);
        byte[] img = new byte[RowCodec.OFF_ROW_THRESHOLD + 5];
        EncodedRow first = RowCodec.encode(t, new Object[] {1L, doc, img});
        Map<Integer, byte[]> store = new HashMap<>();
        first.offRow().forEach(v -> store.put(v.columnId(), v.bytes()));
        DecodedRow stored = RowCodec.decode(t, first.value(), store::get);

        Object[] sameValues = {2L, stored.values()[1], stored.values()[2]};
        EncodedRow rewritten = RowCodec.encode(t, sameValues, stored.values(), stored.offRow());
        assertThat(rewritten.value()).as("the row a full encoding writes")
                .isEqualTo(RowCodec.encode(t, sameValues).value());
        assertThat(rewritten.offRow()).allMatch(EncodedRow.OffRowValue::kept);
        assertThat(rewritten.hasOffRow(2)).isTrue();
        assertThat(RowCodec.decode(t, rewritten.value(), store::get).values()).containsExactly(2L, doc, img);

        String equalButNew = new String(doc.toCharArray());
        EncodedRow changed = RowCodec.encode(t, new Object[] {2L, equalButNew, stored.values()[2]},
                stored.values(), stored.offRow());
        assertThat(changed.offRow()).extracting(EncodedRow.OffRowValue::kept).containsExactly(false, true);
        assertThat(changed.offRow().get(0).bytes()).isEqualTo(doc.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void anEventLoopRefusesToReadALongOffRowValueBeforeFetchingIt() {
        TableDef t = table(10, col(1, "id", SqlType.BIGINT), col(2, "doc", new SqlType(TypeKind.LONGTEXT, 0, 0, 0,
                false, List.of())));
        EncodedRow longRow = RowCodec.encode(t, new Object[] {1L, "z".repeat(RowCodec.EVENT_LOOP_VALUE_LIMIT)});
        EncodedRow shortRow = RowCodec.encode(t, new Object[] {2L, "z".repeat(RowCodec.EVENT_LOOP_VALUE_LIMIT - 1)});
        try (NoWaitScope ignored = NoWaitScope.enter(100)) {
            assertThatThrownBy(() -> RowCodec.decode(t, longRow.value(), id -> {
                throw new AssertionError("fetched the value on the event loop");
            })).isInstanceOf(WouldBlockException.class)
                    .hasMessageContaining(RowCodec.EVENT_LOOP_VALUE_LIMIT + " bytes");
            assertThat(RowCodec.decode(t, shortRow.value(), id -> shortRow.offRow().get(0).bytes()).values()[0])
                    .isEqualTo(2L);
        }
        assertThat(RowCodec.decode(t, longRow.value(), id -> longRow.offRow().get(0).bytes()).values()[0])
                .as("off the event loop").isEqualTo(1L);
    }
}
