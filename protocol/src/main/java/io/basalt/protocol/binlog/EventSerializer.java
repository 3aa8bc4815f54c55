package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Turns an event body into complete event bytes (common header, body, checksum trailer) and re-targets serialized
 * events to a new file position.
 */
public final class EventSerializer {

    private EventSerializer() {
    }

    /**
     * The complete bytes of one event that starts at file offset {@code startOffset}: its header's log_pos is
     * {@code startOffset + eventSize}.
     */
    public static byte[] serialize(BinlogEventBody body, long timestamp, long serverId, int flags, long startOffset,
            BinlogChecksum checksum) {
        ByteBuf out = Unpooled.buffer(256);
        serialize(out, body, timestamp, serverId, flags, startOffset, checksum);
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        return bytes;
    }

    /**
     * Appends one event that starts at file offset {@code startOffset} at the writer index of {@code out}.
     *
     * @return the event size
     */
    public static int serialize(ByteBuf out, BinlogEventBody body, long timestamp, long serverId, int flags,
            long startOffset, BinlogChecksum checksum) {
        return write(out, body, timestamp, serverId, flags, startOffset, false, checksum);
    }

    /**
     * Appends one event whose header carries exactly {@code logPos} instead of its end offset: artificial events
     * (fake Rotate and Gtid_list with 0 or the current position, heartbeats with the current position).
     *
     * @return the event size
     */
    public static int serializeWithLogPos(ByteBuf out, BinlogEventBody body, long timestamp, long serverId,
            int flags, long logPos, BinlogChecksum checksum) {
        return write(out, body, timestamp, serverId, flags, logPos, true, checksum);
    }

    private static int write(ByteBuf out, BinlogEventBody body, long timestamp, long serverId, int flags,
            long position, boolean positionIsLogPos, BinlogChecksum checksum) {
        int start = out.writerIndex();
        long wanted = (long) start + EventHeader.SIZE + body.encodedSizeHint() + BinlogChecksum.CRC_SIZE;
        if (wanted > out.capacity() && wanted <= out.maxCapacity()) {
            // once, before the body: growing as it is written copies a large body again at every step; at least
            // doubled, so that a buffer collecting many events still grows in amortised steps
            out.capacity((int) Math.min(out.maxCapacity(), Math.max(wanted, 2L * out.capacity())));
        }
        out.writeZero(EventHeader.SIZE);
        body.encode(out);
        int trailer = EventHeader.trailerSize(body.type(), checksum);
        int size = out.writerIndex() - start + trailer;
        long logPos = positionIsLogPos ? position : position + size;
        int end = out.writerIndex();
        out.writerIndex(start);
        new EventHeader(timestamp, body.type(), serverId, size, logPos, flags).encode(out);
        out.writerIndex(end);
        if (trailer != 0) {
            out.writeIntLE(BinlogChecksum.crc32(out, start, size - trailer));
        }
        return size;
    }

    /**
     * Rewrites the log_pos of every event in {@code buf[off, off + len)} as if the first event began at file offset
     * {@code newStartOffset}, and recomputes each event's CRC when {@code checksum} is CRC32: what MariaDB does when
     * it copies a transaction cache into the binlog. The region must hold whole events. Allocation-free.
     *
     * @return the file offset just past the last event
     * @throws IllegalArgumentException if an event size is smaller than a header or runs past the region
     */
    public static long relocate(byte[] buf, int off, int len, long newStartOffset, BinlogChecksum checksum) {
        int pos = off;
        int end = off + len;
        long filePos = newStartOffset;
        int trailer = checksum.trailerSize();
        while (pos < end) {
            if (end - pos < EventHeader.SIZE) {
                throw new IllegalArgumentException("partial event header at " + (pos - off));
            }
            long size = readInt4(buf, pos + EventHeader.EVENT_SIZE_OFFSET);
            if (size < EventHeader.SIZE + trailer || size > end - pos) {
                throw new IllegalArgumentException("event at " + (pos - off) + " has size " + size
                        + " outside the " + (end - pos) + " remaining bytes");
            }
            filePos += size;
            writeInt4(buf, pos + EventHeader.LOG_POS_OFFSET, filePos);
            if (trailer != 0) {
                int crcAt = pos + (int) size - trailer;
                writeInt4(buf, crcAt, BinlogChecksum.crc32(buf, pos, crcAt - pos));
            }
            pos += (int) size;
        }
        return filePos;
    }

    private static long readInt4(byte[] buf, int at) {
        return (buf[at] & 0xffL) | (buf[at + 1] & 0xffL) << 8 | (buf[at + 2] & 0xffL) << 16
                | (buf[at + 3] & 0xffL) << 24;
    }

    private static void writeInt4(byte[] buf, int at, long value) {
        buf[at] = (byte) value;
        buf[at + 1] = (byte) (value >>> 8);
        buf[at + 2] = (byte) (value >>> 16);
        buf[at + 3] = (byte) (value >>> 24);
    }
}
