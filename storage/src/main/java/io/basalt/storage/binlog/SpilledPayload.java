package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The {@code DecidedTxn} payload of a transaction whose cache spilled: a small descriptor naming the sealed cache
 * file instead of its events, so neither the commit pipeline nor the outbox carries a large transaction's bytes.
 * It starts with {@code FE 'B' 'C' 'F' 00}: byte 4 of a real event is its type, never 0 (UNKNOWN), so event bytes
 * cannot be mistaken for a descriptor. Immutable.
 *
 * @param fileName   the cache file's name in the cache directory
 * @param gap        the reserved header gap: the events start at this offset, positioned as if the file were a
 *                   binlog whose header and GTID fill the gap exactly
 * @param dataLength bytes of events after the gap
 * @param checksum   the checksum the events were written with
 */
record SpilledPayload(String fileName, int gap, long dataLength, BinlogChecksum checksum) {
    private static final byte[] MAGIC = {(byte) 0xFE, 'B', 'C', 'F', 0};
    private static final int VERSION = 1;

    byte[] encode() {
        byte[] name = fileName.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(MAGIC.length + 1 + 4 + 8 + 1 + 2 + name.length)
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put((byte) VERSION).putInt(gap).putLong(dataLength).put((byte) checksum.code())
                .putShort((short) name.length).put(name);
        return b.array();
    }

    static boolean isDescriptor(byte[] payload) {
        if (payload == null || payload.length < MAGIC.length + 1) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (payload[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /** @throws IllegalArgumentException if {@code payload} is not a descriptor this version writes */
    static SpilledPayload decode(byte[] payload) {
        if (!isDescriptor(payload) || payload[MAGIC.length] != VERSION) {
            throw new IllegalArgumentException("not a spilled binlog cache descriptor");
        }
        ByteBuffer b = ByteBuffer.wrap(payload, MAGIC.length + 1, payload.length - MAGIC.length - 1)
                .order(ByteOrder.LITTLE_ENDIAN);
        int gap = b.getInt();
        long dataLength = b.getLong();
        BinlogChecksum cs = BinlogChecksum.of(b.get());
        byte[] name = new byte[b.getShort()];
        b.get(name);
        return new SpilledPayload(new String(name, StandardCharsets.UTF_8), gap, dataLength, cs);
    }
}
