package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyHashTest {
    /** A key shaped like a table's row key: prefix, table id, separator, id with its sign bit flipped. */
    static byte[] rowKey(long table, long id) {
        return ByteBuffer.allocate(19).put((byte) 't').putLong(table).put((byte) '_').put((byte) 'r')
                .putLong(id ^ Long.MIN_VALUE).array();
    }

    @Test
    void rowKeysOfFourTablesGetDistinctHashesOfBothKinds() {
        Set<Integer> hashes = new HashSet<>();
        Set<Integer> tableHashes = new HashSet<>();
        for (long table = 100; table < 104; table++) {
            for (long id = 1; id <= 50_000; id++) {
                hashes.add(KeyHash.forSlots(rowKey(table, id)));
                tableHashes.add(KeyHash.forTable(rowKey(table, id)));
            }
        }
        assertThat(hashes).hasSize(200_000); // Arrays.hashCode: 25,980
        assertThat(tableHashes).hasSize(200_000);
    }

    @Test
    void rowKeysSpreadOverAHashTablesBucketsAsRandomKeysWould() {
        int buckets = 1 << 16;
        int[] load = new int[buckets];
        for (long id = 1; id <= buckets * 3 / 4; id++) {
            int h = KeyHash.forTable(rowKey(100, id));
            load[(h ^ (h >>> 16)) & (buckets - 1)]++; // ConcurrentHashMap's choice of bucket
        }
        // a bucket of 8 becomes a tree; CRC32C alone: 4,096 buckets used, 13 keys in the fullest
        assertThat(Arrays.stream(load).max().getAsInt()).isLessThan(8);
        assertThat(Arrays.stream(load).filter(n -> n > 0).count()).isGreaterThan(buckets / 2);
    }

    @Test
    void rowIdsThatDifferInTheirLow11BitsTakeDistinctLatchSlots() {
        Set<Integer> slots = new HashSet<>();
        for (long id = 6 * 2048; id < 7 * 2048; id++) {
            slots.add(Math.floorMod(KeyHash.forSlots(rowKey(100, id)), 4096));
        }
        assertThat(slots).hasSize(2048); // a random hash: about 1,600
    }

    @Test
    void equalKeysHashAlike() {
        assertThat(KeyHash.forSlots(rowKey(5, 42))).isEqualTo(KeyHash.forSlots(rowKey(5, 42)));
        assertThat(KeyHash.forTable(rowKey(5, 42))).isEqualTo(KeyHash.forTable(rowKey(5, 42)));
        assertThat(KeyHash.forTable(new byte[0])).isEqualTo(KeyHash.forTable(new byte[0]));
    }
}
