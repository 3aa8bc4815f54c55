package io.basalt.storage.binlog;

/**
 * One event read by a {@link BinlogTailer}: the file it is in, its start offset and its bytes exactly as stored
 * (header, body, checksum), ready to be framed for a replica. Immutable by convention (the array is not copied).
 */
public record TailedEvent(String file, long position, byte[] bytes) {
    /** The raw type code (byte 4 of the header). */
    public int typeCode() {
        return bytes[4] & 0xFF;
    }

    /** Offset just past the event. */
    public long end() {
        return position + bytes.length;
    }
}
