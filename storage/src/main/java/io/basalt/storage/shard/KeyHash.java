package io.basalt.storage.shard;

import java.util.zip.CRC32C;

/**
 * The hash of a user key for the shard's hash tables and latch slots: CRC32C, which the JVM computes with the CPU's
 * instruction. {@code Arrays.hashCode} (31·h + b) maps keys that differ in their last two bytes by a multiple of 31
 * to the same value: 200,000 sysbench row keys got 25,980 distinct hashes (about eight keys each, so
 * {@link WrittenKeys}' map turned its buckets into trees, 3 % of oltp_write_only's CPU), and 500 consecutive ids fell
 * into 287 latch slots. CRC32C gives keys that differ within any 32 consecutive bits distinct values.
 */
final class KeyHash {
    private KeyHash() {
    }

    static int of(byte[] key) {
        CRC32C crc = new CRC32C();
        crc.update(key);
        return (int) crc.getValue();
    }
}
