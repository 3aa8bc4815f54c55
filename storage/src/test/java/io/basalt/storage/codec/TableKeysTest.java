package io.basalt.storage.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** The logical key space: rows order by (table, handle), and every table/index range is exactly its keys. */
class TableKeysTest {

    static int cmp(byte[] a, byte[] b) {
        return Integer.signum(Arrays.compareUnsigned(a, b));
    }

    static boolean inRange(byte[] k, byte[] start, byte[] end) {
        return Arrays.compareUnsigned(k, start) >= 0 && Arrays.compareUnsigned(k, end) < 0;
    }

    @Property
    void rowKeyOrderIsTableThenHandleOrder(@ForAll("ids") long t1, @ForAll("ids") long h1,
                                           @ForAll("ids") long t2, @ForAll("ids") long h2) {
        int expected = Long.compare(t1, t2);
        if (expected == 0) {
            expected = Long.compare(h1, h2);
        }
        assertThat(cmp(TableKeys.rowKey(t1, h1), TableKeys.rowKey(t2, h2))).isEqualTo(Integer.signum(expected));
    }

    @Property
    void decodeHandleInvertsRowKey(@ForAll("ids") long table, @ForAll("ids") long handle) {
        byte[] k = TableKeys.rowKey(table, handle);
        assertThat(TableKeys.decodeHandle(k)).isEqualTo(handle);
        assertThat(k).startsWith(TableKeys.rowPrefix(table)).startsWith(TableKeys.tablePrefix(table));
        assertThat(k).hasSize(TableKeys.rowPrefix(table).length + 8);
    }

    @Property
    void rowRangeHoldsExactlyTheTablesRows(@ForAll("ids") long table, @ForAll("ids") long handle,
                                           @ForAll("ids") long otherTable, @ForAll("ids") long idx) {
        byte[] start = TableKeys.rowPrefix(table);
        byte[] end = TableKeys.rowRangeEnd(table);
        assertThat(inRange(TableKeys.rowKey(table, handle), start, end)).isTrue();
        assertThat(inRange(TableKeys.rowKey(table, Long.MIN_VALUE), start, end)).isTrue();
        assertThat(inRange(TableKeys.rowKey(table, Long.MAX_VALUE), start, end)).isTrue();
        // index entries of the same table and anything of another table stay outside
        assertThat(inRange(TableKeys.indexPrefix(table, idx), start, end)).isFalse();
        assertThat(inRange(indexEntry(table, idx, handle), start, end)).isFalse();
        if (otherTable != table) {
            assertThat(inRange(TableKeys.rowKey(otherTable, handle), start, end)).isFalse();
        }
        assertThat(inRange(TableKeys.metaKey(new byte[] {'x'}), start, end)).isFalse();
    }

    @Property
    void indexRangeHoldsExactlyTheIndexEntries(@ForAll("ids") long table, @ForAll("ids") long idx,
                                               @ForAll("ids") long otherIdx, @ForAll("ids") long handle,
                                               @ForAll @Size(max = 20) byte[] value) {
        byte[] start = TableKeys.indexPrefix(table, idx);
        byte[] end = TableKeys.indexRangeEnd(table, idx);
        KeyBuilder kb = TableKeys.indexKeyBuilder(table, idx);
        new IndexValueEncoder(kb).putBinary(value);
        MemComparable.encodeInt64(kb, handle);
        assertThat(inRange(kb.toBytes(), start, end)).isTrue();
        // a key with the largest possible value flag still falls inside
        assertThat(inRange(TableKeys.indexKeyBuilder(table, idx).put(IndexValueEncoder.MAX_FLAG).toBytes(),
                start, end)).isTrue();
        assertThat(inRange(TableKeys.rowKey(table, handle), start, end)).isFalse();
        if (otherIdx != idx) {
            assertThat(inRange(indexEntry(table, otherIdx, handle), start, end)).isFalse();
        }
    }

    @Property
    void lobRangeHoldsExactlyTheTablesSeparateValues(@ForAll("ids") long table, @ForAll("ids") long handle,
                                                      @ForAll("ids") long column, @ForAll("ids") long otherTable,
                                                      @ForAll("ids") long idx) {
        byte[] start = TableKeys.lobPrefix(table);
        byte[] end = TableKeys.lobRangeEnd(table);
        assertThat(inRange(TableKeys.lobKey(table, handle, column), start, end)).isTrue();
        assertThat(inRange(TableKeys.lobKey(table, handle, column), TableKeys.tablePrefix(table),
                TableKeys.prefixEnd(TableKeys.tablePrefix(table)))).isTrue();
        // rows, index entries and other tables' values stay outside: scans of rows never meet a stored value
        assertThat(inRange(TableKeys.rowKey(table, handle), start, end)).isFalse();
        assertThat(inRange(TableKeys.lobKey(table, handle, column), TableKeys.rowPrefix(table),
                TableKeys.rowRangeEnd(table))).isFalse();
        assertThat(inRange(indexEntry(table, idx, handle), start, end)).isFalse();
        if (otherTable != table) {
            assertThat(inRange(TableKeys.lobKey(otherTable, handle, column), start, end)).isFalse();
        }
    }

    @Property
    void lobKeysOfDifferentRowsOrColumnsDiffer(@ForAll("ids") long table, @ForAll("ids") long h1,
                                               @ForAll("ids") long c1, @ForAll("ids") long h2, @ForAll("ids") long c2) {
        boolean same = h1 == h2 && c1 == c2;
        assertThat(Arrays.equals(TableKeys.lobKey(table, h1, c1), TableKeys.lobKey(table, h2, c2))).isEqualTo(same);
    }

    @Property
    void tableRangesNest(@ForAll("ids") long table, @ForAll("ids") long idx, @ForAll("ids") long handle) {
        byte[] tStart = TableKeys.tablePrefix(table);
        byte[] tEnd = TableKeys.prefixEnd(tStart);
        assertThat(inRange(TableKeys.rowKey(table, handle), tStart, tEnd)).isTrue();
        assertThat(inRange(indexEntry(table, idx, handle), tStart, tEnd)).isTrue();
        assertThat(inRange(TableKeys.rowRangeEnd(table), tStart, tEnd)
                || Arrays.equals(TableKeys.rowRangeEnd(table), tEnd)).isTrue();
    }

    @Property
    void prefixEndIsTheSmallestKeyAfterThePrefix(@ForAll @Size(min = 1, max = 10) byte[] prefix,
                                                 @ForAll @Size(max = 10) byte[] suffix) {
        boolean allFf = true;
        for (byte b : prefix) {
            allFf &= b == (byte) 0xFF;
        }
        if (allFf) {
            assertThatThrownBy(() -> TableKeys.prefixEnd(prefix)).isInstanceOf(IllegalArgumentException.class);
            return;
        }
        byte[] end = TableKeys.prefixEnd(prefix);
        byte[] withSuffix = Arrays.copyOf(prefix, prefix.length + suffix.length);
        System.arraycopy(suffix, 0, withSuffix, prefix.length, suffix.length);
        assertThat(Arrays.compareUnsigned(withSuffix, end)).isNegative();
        assertThat(Arrays.compareUnsigned(prefix, end)).isNegative();
        assertThat(MemComparableTest.isPrefix(prefix, end)).isFalse();
    }

    @Example
    void prefixEndExamples() {
        assertThat(TableKeys.prefixEnd(new byte[] {1, 2})).containsExactly(1, 3);
        assertThat(TableKeys.prefixEnd(new byte[] {1, (byte) 0xFF, (byte) 0xFF})).containsExactly(2);
    }

    @Property
    void metaKeysAreSeparateFromTablesAndOrdered(@ForAll @Size(max = 20) byte[] a, @ForAll @Size(max = 20) byte[] b,
                                                 @ForAll("ids") long table) {
        byte[] ma = TableKeys.metaKey(a);
        byte[] mb = TableKeys.metaKey(b);
        assertThat(cmp(ma, mb)).isEqualTo(cmp(a, b));
        assertThat(Arrays.compareUnsigned(ma, TableKeys.tablePrefix(table))).isNegative();
    }

    static byte[] indexEntry(long table, long idx, long handle) {
        KeyBuilder kb = TableKeys.indexKeyBuilder(table, idx);
        new IndexValueEncoder(kb).putSigned(7);
        MemComparable.encodeInt64(kb, handle);
        return kb.toBytes();
    }

    @Provide
    Arbitrary<Long> ids() {
        return Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(-3, 300),
                Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 255L, 256L));
    }
}
