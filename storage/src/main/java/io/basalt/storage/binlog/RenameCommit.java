package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.EventHeader;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.storage.DirSync;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * MDEV-32014 "commit by rotate" (spec §5.3) for a sealed cache file: the new binlog's header events go into the
 * file's reserved gap, followed by the transaction's GTID padded to end exactly at the gap, then the commit record
 * and Xid are appended, the file is fsynced and renamed to the next binlog name. Its events were written at their
 * final positions, so nothing of the transaction is copied: the leader's work does not grow with its size. The
 * caller rotates the old file first and appends the name to the index afterwards; a crash after the rename but
 * before the index update leaves a complete file that recovery adopts. Stateless.
 */
final class RenameCommit {
    private RenameCommit() {
    }

    /** Whether a file with a {@code headerLength}-byte header fits in {@code p}'s gap, with the same checksum. */
    static boolean fits(SpilledPayload p, int headerLength, BinlogChecksum checksum) {
        return p.checksum() == checksum
                && headerLength + EventHeader.SIZE + GtidEvent.MIN_BODY_SIZE + checksum.trailerSize() <= p.gap();
    }

    /**
     * Turns {@code cacheFile} into binlog {@code target}.
     *
     * @param header the new file's header events (magic to Binlog_checkpoint)
     * @param gtid   the transaction's GTID (no commit id: a renamed transaction is always alone, as in MariaDB)
     * @param tail   commit record + Xid, positioned at the end of the cache file
     * @return bytes of the new file
     */
    static long run(Path cacheFile, SpilledPayload p, Path target, byte[] header, GtidEvent gtid,
                    GtidWriter gtidWriter, byte[] tail) throws IOException {
        try (FileChannel ch = FileChannel.open(cacheFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long expected = p.gap() + p.dataLength();
            if (ch.size() != expected) {
                throw new IllegalStateException("binlog cache " + cacheFile + " has " + ch.size()
                        + " bytes, its descriptor says " + expected);
            }
            int pad = GtidEvent.padToFill(header.length, p.gap(), p.checksum());
            byte[] gtidBytes = gtidWriter.serialize(gtid.withPadTo(pad), header.length);
            if (header.length + gtidBytes.length != p.gap()) {
                throw new IllegalStateException("padded GTID ends at " + (header.length + gtidBytes.length)
                        + ", the gap at " + p.gap());
            }
            writeFully(ch, ByteBuffer.wrap(header), 0);
            writeFully(ch, ByteBuffer.wrap(gtidBytes), header.length);
            writeFully(ch, ByteBuffer.wrap(tail), expected);
            ch.force(false);
        }
        Files.move(cacheFile, target, StandardCopyOption.ATOMIC_MOVE);
        DirSync.sync(target.getParent());
        DirSync.sync(cacheFile.getParent());
        return p.gap() + p.dataLength() + tail.length;
    }

    private static void writeFully(FileChannel ch, ByteBuffer b, long at) throws IOException {
        while (b.hasRemaining()) {
            at += ch.write(b, at);
        }
    }

    /** Serializes a GTID event at a file offset (the writer's server id, flags and timestamp). */
    interface GtidWriter {
        byte[] serialize(GtidEvent gtid, long offset);
    }
}
