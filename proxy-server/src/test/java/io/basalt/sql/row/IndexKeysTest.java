package io.basalt.sql.row;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.storage.codec.TableKeys;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class IndexKeysTest {
    private static final ColumnDef A = col(1, "a", SqlType.INT);
    private static final ColumnDef B = col(2, "b", SqlType.varchar(20));
    private static final IndexDef AB = new IndexDef(2, "k_ab", IndexDef.Kind.SECONDARY,
            List.of(new IndexDef.KeyPart(1, 0), new IndexDef.KeyPart(2, 0)));
    private static final IndexDef UNIQUE_B = new IndexDef(3, "ub", IndexDef.Kind.UNIQUE,
            List.of(new IndexDef.KeyPart(2, 0)));
    private static final TableDef T = new TableDef(100, "db", "t", List.of(A, B), List.of(AB, UNIQUE_B), -1, 3, 4,
            null);

    static ColumnDef col(int id, String name, SqlType type) {
        return new ColumnDef(id, name, type, true, DefaultValue.NONE, false, false, null);
    }

    private static byte[] key(TableDef t, IndexDef i, Object... row) {
        return IndexKeys.entry(t, i, row, 1).key();
    }

    @Property
    void signedKeysSortAsNumbers(@ForAll long x, @ForAll long y) {
        TableDef t = oneColumn(SqlType.BIGINT);
        IndexDef i = t.indexes().get(0);
        assertThat(Integer.signum(Arrays.compareUnsigned(key(t, i, x), key(t, i, y))))
                .isEqualTo(Integer.signum(Long.compare(x, y)));
    }

    @Property
    void unsignedKeysSortAsUnsignedNumbers(@ForAll long x, @ForAll long y) {
        TableDef t = oneColumn(SqlType.BIGINT_UNSIGNED);
        IndexDef i = t.indexes().get(0);
        assertThat(Integer.signum(Arrays.compareUnsigned(key(t, i, x), key(t, i, y))))
                .isEqualTo(Integer.signum(Long.compareUnsigned(x, y)));
    }

    @Property
    void doubleKeysSortAsNumbers(@ForAll double x, @ForAll double y) {
        if (Double.isNaN(x) || Double.isNaN(y)) {
            return;
        }
        TableDef t = oneColumn(SqlType.DOUBLE);
        IndexDef i = t.indexes().get(0);
        assertThat(Integer.signum(Arrays.compareUnsigned(key(t, i, x), key(t, i, y))))
                .isEqualTo(Integer.signum(Double.compare(x == 0 ? 0.0 : x, y == 0 ? 0.0 : y)));
    }

    @Test
    void typedValuesSortInSqlOrderWithNullFirst() {
        assertSorted(SqlType.decimal(10, 2), null, new BigDecimal("-10.50"), new BigDecimal("-1.00"),
                new BigDecimal("0.00"), new BigDecimal("0.01"), new BigDecimal("2.50"), new BigDecimal("11.00"));
        assertSorted(SqlType.DATE, null, LocalDate.of(1000, 1, 1), LocalDate.of(2020, 1, 2), LocalDate.of(2020, 2, 1));
        assertSorted(SqlType.temporal(TypeKind.DATETIME, 6), LocalDateTime.of(2020, 1, 1, 0, 0),
                LocalDateTime.of(2020, 1, 1, 0, 0, 0, 1_000), LocalDateTime.of(2020, 1, 1, 0, 0, 1));
        assertSorted(SqlType.temporal(TypeKind.TIME, 0), Duration.ofHours(-838), Duration.ofSeconds(-1),
                Duration.ZERO, Duration.ofHours(30));
        assertSorted(SqlType.varchar(10), null, "", "a", "ab ", "B", "c");
    }

    private static void assertSorted(SqlType type, Object... ascending) {
        TableDef t = oneColumn(type);
        IndexDef i = t.indexes().get(0);
        for (int k = 1; k < ascending.length; k++) {
            assertThat(Arrays.compareUnsigned(key(t, i, ascending[k - 1]), key(t, i, ascending[k])))
                    .as("%s < %s", ascending[k - 1], ascending[k]).isNegative();
        }
    }

    private static TableDef oneColumn(SqlType type) {
        IndexDef i = new IndexDef(1, "k", IndexDef.Kind.SECONDARY, List.of(new IndexDef.KeyPart(1, 0)));
        return new TableDef(7, "db", "one", List.of(col(1, "v", type)), List.of(i), -1, 2, 2, null);
    }

    @Test
    void uniqueEntryHoldsTheHandleInItsValueUnlessAKeyPartIsNull() {
        IndexEntry e = IndexKeys.entry(T, UNIQUE_B, new Object[] {1L, "abc"}, 42);
        assertThat(e.unique()).isTrue();
        assertThat(e.key()).isEqualTo(IndexKeys.seekKey(T, UNIQUE_B, new Object[] {"ABC"}));
        assertThat(IndexKeys.handleOf(UNIQUE_B, e.key(), e.value())).isEqualTo(42);

        IndexEntry withNull = IndexKeys.entry(T, UNIQUE_B, new Object[] {1L, null}, -7);
        assertThat(withNull.unique()).isFalse();
        assertThat(withNull.value()).hasSize(1);
        assertThat(IndexKeys.handleOf(UNIQUE_B, withNull.key(), withNull.value())).isEqualTo(-7);

        IndexEntry secondary = IndexKeys.entry(T, AB, new Object[] {5L, "x"}, Long.MIN_VALUE);
        assertThat(secondary.unique()).isFalse();
        assertThat(IndexKeys.handleOf(AB, secondary.key(), secondary.value())).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void caseInsensitiveAndBinaryCollations() {
        ColumnDef bin = new ColumnDef(2, "b", SqlType.varchar(20), true, DefaultValue.NONE, false, false, null,
                "utf8mb4_bin", null);
        TableDef binTable = new TableDef(100, "db", "t", List.of(A, bin), List.of(UNIQUE_B), -1, 3, 4, null);
        assertThat(key(T, UNIQUE_B, 1L, "Straße ")).isEqualTo(key(T, UNIQUE_B, 1L, "STRAßE"));
        assertThat(key(T, UNIQUE_B, 1L, "Straße")).isNotEqualTo(key(T, UNIQUE_B, 1L, "Strasse!"));
        assertThat(key(binTable, UNIQUE_B, 1L, "a")).isNotEqualTo(key(binTable, UNIQUE_B, 1L, "A"));
        assertThat(key(binTable, UNIQUE_B, 1L, "a ")).isEqualTo(key(binTable, UNIQUE_B, 1L, "a"));
    }

    @Test
    void prefixPartsKeepTheFirstCharacters() {
        IndexDef prefix = new IndexDef(5, "p", IndexDef.Kind.UNIQUE, List.of(new IndexDef.KeyPart(2, 3)));
        assertThat(key(T, prefix, 1L, "äb😀def")).isEqualTo(key(T, prefix, 1L, "äb😀xyz"));
        assertThat(key(T, prefix, 1L, "äb")).isNotEqualTo(key(T, prefix, 1L, "äb😀"));
        assertThat(IndexKeys.isExact(prefix, 0)).isFalse();
        assertThat(IndexKeys.isExact(AB, 1)).isTrue();
    }

    /** Entries of index (a, b) for a grid of rows, as a sorted key → row map. */
    private static TreeMap<byte[], Object[]> grid() {
        TreeMap<byte[], Object[]> entries = new TreeMap<>(Arrays::compareUnsigned);
        long handle = 0;
        for (Long a : new Long[] {null, -5L, 0L, 1L, 2L, 3L, 10L}) {
            for (String b : new String[] {null, "a", "b", "c"}) {
                Object[] row = {a, b};
                entries.put(IndexKeys.entry(T, AB, row, handle++).key(), row);
            }
        }
        return entries;
    }

    private static List<Object[]> scan(byte[] from, byte[] to) {
        return new ArrayList<>(grid().subMap(from, true, to, false).values());
    }

    @Test
    void betweenOnTheFirstPart() {
        List<Object[]> rows = scan(IndexKeys.lowerBound(T, AB, new Object[] {0L}, true),
                IndexKeys.upperBound(T, AB, new Object[] {2L}, true));
        assertThat(rows).extracting(r -> r[0]).containsOnly(0L, 1L, 2L).hasSize(12);
    }

    @Test
    void exclusiveAndOpenBounds() {
        List<Object[]> greater = scan(IndexKeys.lowerBound(T, AB, new Object[] {2L}, false),
                IndexKeys.upperBound(T, AB, new Object[0], true));
        assertThat(greater).extracting(r -> r[0]).containsOnly(3L, 10L).hasSize(8);

        List<Object[]> less = scan(IndexKeys.lowerBoundAfterNulls(T, AB, new Object[0]),
                IndexKeys.upperBound(T, AB, new Object[] {0L}, false));
        assertThat(less).extracting(r -> r[0]).containsOnly(-5L).hasSize(4);

        List<Object[]> all = scan(IndexKeys.lowerBound(T, AB, new Object[0], true),
                IndexKeys.upperBound(T, AB, new Object[0], true));
        assertThat(all).hasSize(28);
        assertThat(all.get(0)[0]).isNull();
    }

    @Test
    void equalityPrefixThenRangeOnTheNextPart() {
        List<Object[]> rows = scan(IndexKeys.lowerBound(T, AB, new Object[] {1L, "a"}, false),
                IndexKeys.upperBound(T, AB, new Object[] {1L}, true));
        assertThat(rows).extracting(r -> r[0] + "/" + r[1]).containsExactly("1/b", "1/c");

        byte[] eq = IndexKeys.seekKey(T, AB, new Object[] {3L});
        assertThat(scan(eq, TableKeys.prefixEnd(eq))).extracting(r -> r[1]).containsExactly(null, "a", "b", "c");

        List<Object[]> upTo = scan(IndexKeys.lowerBoundAfterNulls(T, AB, new Object[] {1L}),
                IndexKeys.upperBound(T, AB, new Object[] {1L, "B"}, true));
        assertThat(upTo).extracting(r -> r[1]).containsExactly("a", "b");
    }

    @Test
    void exclusiveBoundOnAPrefixPartIsWidened() {
        IndexDef prefix = new IndexDef(5, "p", IndexDef.Kind.SECONDARY, List.of(new IndexDef.KeyPart(2, 2)));
        byte[] lower = IndexKeys.lowerBound(T, prefix, new Object[] {"abc"}, false);
        byte[] abd = IndexKeys.entry(T, prefix, new Object[] {1L, "abd"}, 1).key();
        assertThat(Arrays.compareUnsigned(abd, lower)).isPositive();
    }

    @Test
    void duplicateEntryTextAsMariaDb() {
        ColumnDef d = col(3, "d", SqlType.temporal(TypeKind.DATETIME, 3));
        ColumnDef dc = col(4, "dc", SqlType.decimal(6, 2));
        ColumnDef bin = col(5, "bin", new SqlType(TypeKind.VARBINARY, 10, 0, 0, false, List.of()));
        ColumnDef f = col(6, "f", SqlType.DOUBLE);
        ColumnDef tm = col(7, "tm", SqlType.temporal(TypeKind.TIME, 2));
        ColumnDef u = col(8, "u", SqlType.BIGINT_UNSIGNED);
        TableDef t = new TableDef(1, "db", "t", List.of(A, B, d, dc, bin, f, tm, u), List.of(), -1, 9, 9, null);
        Object[] row = {1L, "abc", LocalDateTime.of(2020, 1, 1, 10, 0, 0, 500_000_000), new BigDecimal("1.5"),
                new byte[] {0, 'A', '\n', 'B'}, 1.5e30, Duration.ofHours(-838).minusMillis(500), -1L};

        assertThat(text(t, row, 1, 2)).isEqualTo("1-abc");
        assertThat(text(t, row, 3, 4)).isEqualTo("2020-01-01 10:00:00.500-1.50");
        assertThat(text(t, row, 5)).isEqualTo("\\x00A\\x0AB");
        assertThat(text(t, row, 6, 7)).isEqualTo("1.5e30--838:00:00.50");
        assertThat(text(t, row, 8)).isEqualTo("18446744073709551615");

        row[1] = "x".repeat(100);
        assertThat(text(t, row, 2)).isEqualTo("x".repeat(61) + "...");
        row[1] = "y".repeat(64);
        assertThat(text(t, row, 2)).isEqualTo("y".repeat(64));
        row[1] = "é".repeat(70);
        assertThat(text(t, row, 2)).isEqualTo("é".repeat(30) + "...");

        IndexDef pk = new IndexDef(1, "PRIMARY", IndexDef.Kind.PRIMARY, List.of(new IndexDef.KeyPart(1, 0)));
        assertThat(IndexKeys.keyNameForError(t, pk)).isEqualTo("PRIMARY");
        assertThat(IndexKeys.keyNameForError(T, UNIQUE_B)).isEqualTo("ub");
    }

    private static String text(TableDef t, Object[] row, int... columnIds) {
        List<IndexDef.KeyPart> parts = new ArrayList<>();
        for (int id : columnIds) {
            parts.add(new IndexDef.KeyPart(id, 0));
        }
        return IndexKeys.duplicateEntryText(t, new IndexDef(9, "u", IndexDef.Kind.UNIQUE, parts), row);
    }

    @Test
    void unsignedHandlesKeepUnsignedOrderInRowKeys() {
        ColumnDef id = new ColumnDef(1, "id", SqlType.BIGINT_UNSIGNED, false, DefaultValue.NONE, false, false, null);
        long[] ascending = {0, 1, Long.MAX_VALUE, Long.MIN_VALUE, -2, -1};
        List<byte[]> keys = new ArrayList<>();
        for (long v : ascending) {
            long h = Handles.fromColumnValue(id, v);
            assertThat(Handles.toColumnValue(id, h)).isEqualTo(v);
            keys.add(TableKeys.rowKey(5, h));
        }
        List<byte[]> sorted = new ArrayList<>(keys);
        sorted.sort(Comparator.comparing(k -> k, Arrays::compareUnsigned));
        assertThat(sorted).containsExactlyElementsOf(keys);
        assertThat(Handles.fromColumnValue(A, -3)).isEqualTo(-3);
    }
}
