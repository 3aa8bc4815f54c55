package io.basalt.storage.pipeline;

import io.basalt.storage.codec.KeyBuilder;
import io.basalt.storage.codec.MemComparable;
import java.util.Arrays;

/**
 * A transaction's binlog payload, stored (meta column family of the primary's shard, key {@code o + start_ts}) in
 * the same WriteBatch that decides a 1PC or async-commit transaction, and deleted once the sink holds it durably.
 * Recovery hands every committed transaction whose record is still present, and newer than what the sink confirmed,
 * to the sink again. {@code commitTs} is known for 1PC and 0 for async commit (recovery resolves it).
 */
public record OutboxRecord(long startTs, long commitTs, byte[] primary, byte[] payload) {
    public static final byte PREFIX = 'o';

    public static byte[] key(long startTs) {
        return new KeyBuilder(9).put(PREFIX).putLongBigEndian(startTs).toBytes();
    }

    public static byte[] rangeStart() {
        return new byte[] {PREFIX};
    }

    public static byte[] rangeEnd() {
        return new byte[] {PREFIX + 1};
    }

    public byte[] encode() {
        return new KeyBuilder(20 + primary.length + payload.length)
                .putLongBigEndian(startTs).putLongBigEndian(commitTs)
                .putIntBigEndian(primary.length).put(primary).put(payload).toBytes();
    }

    public static OutboxRecord decode(byte[] v) {
        long start = MemComparable.readLong(v, 0);
        long commit = MemComparable.readLong(v, 8);
        int plen = ((v[16] & 0xFF) << 24) | ((v[17] & 0xFF) << 16) | ((v[18] & 0xFF) << 8) | (v[19] & 0xFF);
        byte[] primary = Arrays.copyOfRange(v, 20, 20 + plen);
        byte[] payload = Arrays.copyOfRange(v, 20 + plen, v.length);
        return new OutboxRecord(start, commit, primary, payload);
    }
}
