package io.basalt.storage.codec;

import java.util.Arrays;

/**
 * Physical RocksDB keys: the user key group-encoded (so a key plus a timestamp suffix never collides with a longer
 * key), followed in the write and default column families by the bitwise-inverted big-endian timestamp, so the newest
 * version sorts first.
 */
public final class MvccKeys {
    /**
     * Length of the write CF's bloom filter prefix: an encoded row key, so the prefix of each of a row's versions is
     * its whole user key (and that of an index entry or a long key a part of it). Point reads of a key at least this
     * long skip the memtables and files that hold no version of it.
     */
    public static final int FILTER_PREFIX_LENGTH = MemComparable.encodedBytesLength(TableKeys.ROW_KEY_LENGTH);

    private MvccKeys() {
    }

    public static byte[] encodeUserKey(byte[] userKey) {
        KeyBuilder b = new KeyBuilder(MemComparable.encodedBytesLength(userKey.length));
        MemComparable.encodeBytes(b, userKey);
        return b.toBytes();
    }

    public static byte[] withTs(byte[] encodedKey, long ts) {
        byte[] out = Arrays.copyOf(encodedKey, encodedKey.length + 8);
        long inv = ~ts;
        for (int i = 7; i >= 0; i--) {
            out[encodedKey.length + i] = (byte) inv;
            inv >>>= 8;
        }
        return out;
    }

    public static byte[] versionKey(byte[] userKey, long ts) {
        return withTs(encodeUserKey(userKey), ts);
    }

    public static long decodeTs(byte[] versionKey) {
        return ~MemComparable.readLong(versionKey, versionKey.length - 8);
    }

    /** The encoded user key part of a version key. */
    public static byte[] stripTs(byte[] versionKey) {
        return Arrays.copyOf(versionKey, versionKey.length - 8);
    }

    public static byte[] decodeUserKey(byte[] encodedKey) {
        return MemComparable.decodeBytes(encodedKey, 0, new int[1]);
    }

    /** True if {@code versionKey} is a version of {@code encodedKey}. */
    public static boolean isVersionOf(byte[] versionKey, byte[] encodedKey) {
        return versionKey.length == encodedKey.length + 8
                && Arrays.equals(versionKey, 0, encodedKey.length, encodedKey, 0, encodedKey.length);
    }
}
