package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEventBody;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.EventHeader;
import io.basalt.protocol.binlog.EventSerializer;
import io.netty.buffer.ByteBuf;

/**
 * Basalt's in-band commit record: an Ignorable_log_event (type 28, header flag {@link EventFlags#IGNORABLE}) written
 * just before each transaction's Xid, whose body is the tag {@code "BCR1"}, the commit ts and the start ts (8 bytes
 * each, little-endian). It makes a transaction's commit ts recoverable from the binlog alone, atomically with the
 * transaction (same write, same fsync). mariadb-binlog prints it as "Ignorable" and replicas skip it; an unknown
 * type code would not do, mariadb-binlog rejects those even when flagged ignorable.
 *
 * <p>The protocol's {@link BinlogEventType} has no constant for code 28, so {@link #serialize} frames the event
 * with {@link EventSerializer} as UNKNOWN (same framing) and then sets the type byte and the CRC. Immutable.
 */
record CommitRecordEvent(long commitTs, long startTs) implements BinlogEventBody {
    /** Header flags of the event. */
    static final int FLAGS = EventFlags.IGNORABLE;
    static final int TYPE_CODE = 28;
    private static final int TAG = 'B' | 'C' << 8 | 'R' << 16 | '1' << 24;
    private static final int BODY_SIZE = 20;

    @Override
    public BinlogEventType type() {
        return BinlogEventType.UNKNOWN;
    }

    /** Appends the whole event, starting at file offset {@code startOffset}; returns its size. */
    int serialize(ByteBuf out, long timestamp, long serverId, long startOffset, BinlogChecksum checksum) {
        int start = out.writerIndex();
        int size = EventSerializer.serialize(out, this, timestamp, serverId, FLAGS, startOffset, checksum);
        out.setByte(start + EventHeader.TYPE_OFFSET, TYPE_CODE);
        if (checksum == BinlogChecksum.CRC32) {
            int crcAt = start + size - BinlogChecksum.CRC_SIZE;
            out.setIntLE(crcAt, BinlogChecksum.crc32(out, start, crcAt - start));
        }
        return size;
    }

    @Override
    public void encode(ByteBuf out) {
        out.writeIntLE(TAG);
        out.writeLongLE(commitTs);
        out.writeLongLE(startTs);
    }

    /** Whether an event of raw type {@code typeCode} with {@code body} is a Basalt commit record. */
    static boolean matches(int typeCode, ByteBuf body) {
        return typeCode == TYPE_CODE && body.readableBytes() == BODY_SIZE
                && body.getIntLE(body.readerIndex()) == TAG;
    }

    static CommitRecordEvent decode(ByteBuf body) {
        int at = body.readerIndex();
        return new CommitRecordEvent(body.getLongLE(at + 4), body.getLongLE(at + 12));
    }
}
