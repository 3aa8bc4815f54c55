package io.basalt.storage.shard;

import java.util.Arrays;

/** A contiguous user-key range [start, end) routed to one shard; an empty end means "to the end of the key space". */
public record Region(byte[] start, byte[] end, int shardId) {
    public boolean contains(byte[] key) {
        return Arrays.compareUnsigned(key, start) >= 0 && (end.length == 0 || Arrays.compareUnsigned(key, end) < 0);
    }

    @Override
    public String toString() {
        return "Region[" + hex(start) + ", " + (end.length == 0 ? "+inf" : hex(end)) + ") -> shard " + shardId;
    }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            sb.append(String.format("%02x", x));
        }
        return sb.toString();
    }
}
