package io.basalt.storage.shard;

import java.util.zip.CRC32C;

/**
 * Hashes of user keys, from CRC32C (which the JVM computes with the CPU's instruction). {@code Arrays.hashCode}
 * (31·h + b) maps keys that differ in their last two bytes by a multiple of 31 to the same value: 200,000 sysbench row
 * keys got 25,980 distinct hashes, so {@link WrittenKeys}' map turned its buckets into trees (3 % of
 * oltp_write_only's CPU), and 500 consecutive ids fell into 287 latch slots.
 *
 * <p>CRC32C is linear over GF(2), and so is taking its low bits. For {@link Latches}' slots that is what is wanted:
 * row keys whose ids differ only in their low 11 bits (an aligned block of 2,048 ids) fall into distinct slots of
 * 4,096, so neighbouring rows rarely contend for a latch (500 consecutive ids: 500 slots; 4,096 consecutive ones:
 * 2,952, where a random hash fills about 2,590). For a hash table, which picks its bucket from low bits too, it is
 * not: 49,152 consecutive row keys in 65,536 buckets used 4,096 of them, 13 keys in the fullest. {@link #forTable}
 * therefore mixes the CRC with MurmurHash3's 32-bit finaliser, whose multiplications break the linearity.
 */
final class KeyHash {
    private KeyHash() {
    }

    /** For a fixed number of slots: the CRC itself. */
    static int forSlots(byte[] key) {
        CRC32C crc = new CRC32C();
        crc.update(key);
        return (int) crc.getValue();
    }

    /** For a hash table's buckets: the CRC, mixed. */
    static int forTable(byte[] key) {
        int h = forSlots(key);
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }
}
