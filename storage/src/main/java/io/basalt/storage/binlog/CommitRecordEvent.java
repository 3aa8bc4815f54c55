package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEventBody;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.EventSerializer;
import io.netty.buffer.ByteBuf;

/**
 * Basalt's in-band commit record: an Ignorable_log_event (type 28, header flag {@link EventFlags#IGNORABLE}) written
 * just before each transaction's Xid, whose body is the tag {@code "BCR1"}, the commit ts and the start ts (8 bytes
 * each, little-endian). It makes a transaction's commit ts recoverable from the binlog alone, atomically with the
 * transaction (same write, same fsync). mariadb-binlog prints it as "Ignorable" and replicas skip it; an unknown
 * type code would not do, mariadb-binlog rejects those even when flagged ignorable.
 * Immutable.
 */
record CommitRecordEvent(long commitTs, long startTs) implements BinlogEventBody {
    /** Header flags of the event. */
    static final int FLAGS = EventFlags.IGNORABLE;
    private static final int TAG = 'B' | 'C' << 8 | 'R' << 16 | '1' << 24;
    private static final int BODY_SIZE = 20;

    @Override
    public BinlogEventType type() {
        return BinlogEventType.IGNORABLE;
    }

    /** Appends the whole event, starting at file offset {@code startOffset}; returns its size. */
    int serialize(ByteBuf out, long timestamp, long serverId, long startOffset, BinlogChecksum checksum) {
        return EventSerializer.serialize(out, this, timestamp, serverId, FLAGS, startOffset, checksum);
    }

    @Override
    public void encode(ByteBuf out) {
        out.writeIntLE(TAG);
        out.writeLongLE(commitTs);
        out.writeLongLE(startTs);
    }

    /** Whether an event of raw type {@code typeCode} with {@code body} is a Basalt commit record. */
    static boolean matches(int typeCode, ByteBuf body) {
        return typeCode == BinlogEventType.IGNORABLE.code() && body.readableBytes() == BODY_SIZE
                && body.getIntLE(body.readerIndex()) == TAG;
    }

    static CommitRecordEvent decode(ByteBuf body) {
        int at = body.readerIndex();
        return new CommitRecordEvent(body.getLongLE(at + 4), body.getLongLE(at + 12));
    }
}
