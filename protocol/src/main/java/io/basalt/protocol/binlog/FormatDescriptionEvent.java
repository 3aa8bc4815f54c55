package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * Format_description_log_event (type 15), the first event of every binlog file: binlog version 4, the server
 * version (50 bytes, NUL padded), the creation timestamp (non-zero only in the first file after a server start),
 * the common header length 19, MariaDB 10.11's post-header length of each of its 171 event types, and the checksum
 * algorithm byte. The event always ends in a CRC32, even when the algorithm is NONE (see {@link EventSerializer}).
 */
public record FormatDescriptionEvent(int binlogVersion, String serverVersion, long createTimestamp,
        BinlogChecksum checksum) implements BinlogEventBody {

    public static final int BINLOG_VERSION = 4;
    private static final int SERVER_VERSION_LENGTH = 50;

    /**
     * Post-header length of event types 1..171 (index = type − 1) byte for byte as MariaDB 10.11.19 writes them
     * (which, unlike older 10.x, has 10 for the MySQL 8 types 39-41). Entry 15, the FDE's own, must be
     * 57 + 171 = 228: mysql-binlog-connector-java locates the checksum byte with it.
     */
    private static final byte[] POST_HEADER_LENGTHS = postHeaderLengths();

    public FormatDescriptionEvent {
        if (serverVersion.getBytes(StandardCharsets.US_ASCII).length >= SERVER_VERSION_LENGTH) {
            throw new IllegalArgumentException("server version longer than 49 bytes: " + serverVersion);
        }
    }

    /** The FDE a Basalt binlog starts with: version 4. */
    public static FormatDescriptionEvent of(String serverVersion, long createTimestamp, BinlogChecksum checksum) {
        return new FormatDescriptionEvent(BINLOG_VERSION, serverVersion, createTimestamp, checksum);
    }

    /** How many event types the post-header table covers. */
    public static int eventTypeCount() {
        return POST_HEADER_LENGTHS.length;
    }

    @Override
    public BinlogEventType type() {
        return BinlogEventType.FORMAT_DESCRIPTION;
    }

    @Override
    public void encode(ByteBuf out) {
        out.writeShortLE(binlogVersion);
        byte[] version = serverVersion.getBytes(StandardCharsets.US_ASCII);
        out.writeBytes(version);
        out.writeZero(SERVER_VERSION_LENGTH - version.length);
        out.writeIntLE((int) createTimestamp);
        out.writeByte(EventHeader.SIZE);
        out.writeBytes(POST_HEADER_LENGTHS);
        out.writeByte(checksum.code());
    }

    /**
     * Reads a body (without the CRC trailer). The post-header table is read past but not kept: its length comes
     * from the body size, so FDEs of servers with more or fewer event types decode too.
     */
    public static FormatDescriptionEvent decode(ByteBuf body) {
        PayloadReader in = new PayloadReader(body);
        int version = in.readInt2();
        byte[] raw = in.readFixedBytes(SERVER_VERSION_LENGTH);
        int length = 0;
        while (length < raw.length && raw[length] != 0) {
            length++;
        }
        long created = in.readInt4();
        int headerLength = in.readInt1();
        if (headerLength != EventHeader.SIZE) {
            throw new MalformedPacketException("common header length " + headerLength);
        }
        if (in.remaining() < 1) {
            throw new MalformedPacketException("no checksum algorithm byte");
        }
        in.skip(in.remaining() - 1);
        BinlogChecksum checksum = BinlogChecksum.of(in.readInt1());
        return new FormatDescriptionEvent(version, new String(raw, 0, length, StandardCharsets.US_ASCII), created,
                checksum);
    }

    private static byte[] postHeaderLengths() {
        byte[] table = new byte[171];
        int[] first41 = {
            0x38, 0x0d, 0x00, 0x08, 0x00, 0x12, 0x00, 0x04, 0x04, 0x04, 0x04, 0x12, 0x00, 0x00, 0xe4, 0x00, 0x04,
            0x1a, 0x08, 0x00, 0x00, 0x00, 0x08, 0x08, 0x08, 0x02, 0x00, 0x00, 0x00, 0x0a, 0x0a, 0x0a, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x0a, 0x0a, 0x0a};
        int[] from160 = {0x00, 0x04, 0x13, 0x04, 0x00, 0x0d, 0x08, 0x08, 0x08, 0x0a, 0x0a, 0x0a};
        for (int i = 0; i < first41.length; i++) {
            table[i] = (byte) first41[i];
        }
        for (int i = 0; i < from160.length; i++) {
            table[159 + i] = (byte) from160[i];
        }
        return table;
    }
}
