package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.EventHeader;
import io.basalt.protocol.binlog.EventSerializer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Copies the events of a sealed cache file into the active binlog, re-positioned for where they land: the path of
 * a spilled cache below binlog_large_commit_threshold (or one that cannot be renamed). Streams in 1 MiB chunks of
 * whole events, so memory stays flat whatever the transaction size, except that one event larger than a chunk is
 * held whole (its checksum covers all of it); file I/O goes through {@link SlicedIo}. Not thread-safe: used under
 * the write lock.
 */
final class CacheCopier {
    private static final int CHUNK = 1 << 20;

    private CacheCopier() {
    }

    static void copy(Path cacheFile, SpilledPayload p, BinlogFileWriter out, BinlogChecksum checksum)
            throws IOException {
        if (p.checksum() != checksum) {
            throw new IllegalStateException("binlog cache " + p.fileName() + " was written with checksum "
                    + p.checksum() + ", the binlog uses " + checksum);
        }
        try (FileChannel in = FileChannel.open(cacheFile, StandardOpenOption.READ)) {
            if (in.size() != p.gap() + p.dataLength()) {
                throw new IllegalStateException("binlog cache " + cacheFile + " has " + in.size()
                        + " bytes, its descriptor says " + (p.gap() + p.dataLength()));
            }
            ByteBuffer buf = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
            long readPos = p.gap();
            long end = p.gap() + p.dataLength();
            while (readPos < end || buf.position() > 0) {
                while (buf.hasRemaining() && readPos < end) {
                    int n = SlicedIo.read(in, buf.limit((int) Math.min(buf.capacity(), buf.position() + end - readPos)),
                            readPos);
                    if (n < 0) {
                        throw new IOException("binlog cache " + cacheFile + " ends early at " + readPos);
                    }
                    readPos += n;
                    buf.limit(buf.capacity());
                }
                int whole = wholeEvents(buf);
                if (whole == 0) {
                    if (readPos >= end) {
                        throw new IllegalStateException("binlog cache " + cacheFile + " ends inside an event");
                    }
                    buf = grow(buf);
                    continue;
                }
                EventSerializer.relocate(buf.array(), 0, whole, out.position(), checksum);
                out.write(ByteBuffer.wrap(buf.array(), 0, whole));
                int rest = buf.position() - whole;
                System.arraycopy(buf.array(), whole, buf.array(), 0, rest);
                buf.position(rest);
            }
        }
    }

    /** Bytes of whole events at the start of {@code buf}'s filled part. */
    private static int wholeEvents(ByteBuffer buf) {
        int at = 0;
        int filled = buf.position();
        while (filled - at >= EventHeader.SIZE) {
            long size = buf.getInt(at + EventHeader.EVENT_SIZE_OFFSET) & 0xFFFF_FFFFL;
            if (size < EventHeader.SIZE) {
                throw new IllegalStateException("event of size " + size + " in a binlog cache");
            }
            if (at + size > filled) {
                break;
            }
            at += (int) size;
        }
        return at;
    }

    /** A larger buffer holding the same bytes, for an event bigger than the chunk. */
    private static ByteBuffer grow(ByteBuffer buf) {
        long need = buf.getInt(EventHeader.EVENT_SIZE_OFFSET) & 0xFFFF_FFFFL;
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8, Math.max(need,
                buf.capacity() * 2L))).order(ByteOrder.LITTLE_ENDIAN);
        b.put(buf.array(), 0, buf.position());
        return b;
    }
}
