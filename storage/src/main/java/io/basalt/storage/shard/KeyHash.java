package io.basalt.storage.shard;

import java.util.zip.CRC32C;

/**
 * The hash of a user key for the shard's hash tables and latch slots: CRC32C (which the JVM computes with the CPU's
 * instruction), then MurmurHash3's 32-bit finaliser. {@code Arrays.hashCode} (31·h + b) maps keys that differ in
 * their last two bytes by a multiple of 31 to the same value: 200,000 sysbench row keys got 25,980 distinct hashes, so
 * {@link WrittenKeys}' map turned its buckets into trees (3 % of oltp_write_only's CPU), and 500 consecutive ids fell
 * into 287 latch slots. CRC32C alone gives them distinct values, but it is linear over GF(2), and so is a hash table's
 * choice of bucket from the low bits: keys that differ only in an id's low bytes span a subspace that the buckets
 * project onto a smaller one (49,152 such keys in a 65,536-bucket table used 4,096 buckets, 13 keys in the fullest);
 * the finaliser's multiplications break that linearity.
 */
final class KeyHash {
    private KeyHash() {
    }

    static int of(byte[] key) {
        CRC32C crc = new CRC32C();
        crc.update(key);
        int h = (int) crc.getValue();
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }
}
