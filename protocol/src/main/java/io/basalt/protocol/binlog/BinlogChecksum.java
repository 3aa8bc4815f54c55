package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

import java.util.zip.CRC32;

/**
 * The binlog_checksum algorithm of a file, announced by the algorithm byte of its Format_description event. With
 * CRC32 every event ends in a 4-byte little-endian CRC-32 (zlib polynomial, {@link CRC32}) over header and body,
 * computed with the LOG_EVENT_BINLOG_IN_USE_F bit masked out of the flags so that the server can clear that bit in
 * place at clean shutdown without invalidating the Format_description event's CRC.
 */
public enum BinlogChecksum {
    NONE(0),
    CRC32(1);

    /** Bytes of a CRC32 trailer. */
    public static final int CRC_SIZE = 4;

    /** One reusable CRC32 per thread keeps checksumming (and {@link EventSerializer#relocate}) allocation-free. */
    private static final ThreadLocal<java.util.zip.CRC32> CRC = ThreadLocal.withInitial(java.util.zip.CRC32::new);

    private final int code;

    BinlogChecksum(int code) {
        this.code = code;
    }

    /** The algorithm byte written at the end of the Format_description event body. */
    public int code() {
        return code;
    }

    /** Bytes each event carries after its body: 4 for CRC32, 0 for NONE. */
    public int trailerSize() {
        return this == CRC32 ? CRC_SIZE : 0;
    }

    /** The algorithm for an FDE algorithm byte; 0 and 1 are the only values MariaDB writes. */
    public static BinlogChecksum of(int code) {
        return switch (code) {
            case 0 -> NONE;
            case 1 -> CRC32;
            default -> throw new IllegalArgumentException("unknown binlog checksum algorithm " + code);
        };
    }

    /**
     * The binlog CRC32 of {@code length} bytes of an event (header and body, without the trailer) starting at
     * {@code offset}, with the in-use flag bit masked out.
     */
    public static int crc32(byte[] buf, int offset, int length) {
        java.util.zip.CRC32 crc = CRC.get();
        crc.reset();
        crc.update(buf, offset, EventHeader.FLAGS_OFFSET);
        crc.update(buf[offset + EventHeader.FLAGS_OFFSET] & ~EventFlags.BINLOG_IN_USE);
        int rest = EventHeader.FLAGS_OFFSET + 1;
        crc.update(buf, offset + rest, length - rest);
        return (int) crc.getValue();
    }

    /** {@link #crc32(byte[], int, int)} over a ByteBuf region, without moving its indexes. */
    public static int crc32(ByteBuf buf, int offset, int length) {
        java.util.zip.CRC32 crc = CRC.get();
        crc.reset();
        int rest = EventHeader.FLAGS_OFFSET + 1;
        crc.update(buf.nioBuffer(offset, EventHeader.FLAGS_OFFSET));
        crc.update(buf.getByte(offset + EventHeader.FLAGS_OFFSET) & ~EventFlags.BINLOG_IN_USE);
        crc.update(buf.nioBuffer(offset + rest, length - rest));
        return (int) crc.getValue();
    }
}
