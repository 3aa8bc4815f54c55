package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.EventFlags;
import io.basalt.storage.DirSync;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The active binlog file: appends at its end, fsyncs, and finishes it with a Rotate or Stop event and a cleared
 * in-use flag. Clearing the flag needs no CRC fix: the FDE's CRC is computed with that bit masked out (spec §1.3).
 * Not thread-safe: owned by {@link GroupCommitWriter} under the write lock.
 */
final class BinlogFileWriter {
    private final String name;
    private final FileChannel channel;
    private final BinlogMetrics metrics;
    private long position;

    private BinlogFileWriter(String name, FileChannel channel, long position, BinlogMetrics metrics) {
        this.name = name;
        this.channel = channel;
        this.position = position;
        this.metrics = metrics;
    }

    /** Creates file {@code name} with {@code header} and makes it durable (always, whatever sync_binlog says). */
    static BinlogFileWriter create(Path dir, String name, byte[] header, BinlogMetrics metrics) throws IOException {
        Path path = dir.resolve(name);
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            BinlogFileWriter w = new BinlogFileWriter(name, ch, 0, metrics);
            w.write(ByteBuffer.wrap(header));
            w.sync();
            DirSync.sync(dir);
            return w;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Continues a complete, durable file (a renamed cache) at its end. */
    static BinlogFileWriter append(Path path, BinlogMetrics metrics) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        long size = ch.size();
        ch.position(size);
        return new BinlogFileWriter(path.getFileName().toString(), ch, size, metrics);
    }

    String name() {
        return name;
    }

    /** Offset of the next byte written: the file size. */
    long position() {
        return position;
    }

    /**
     * Writes every buffer, in order, at the end of the file: one gathering write for the usual case, buffer by buffer
     * in slices ({@link SlicedIo}) when they hold more than a slice.
     */
    void write(ByteBuffer... buffers) throws IOException {
        long total = 0;
        for (ByteBuffer b : buffers) {
            total += b.remaining();
        }
        if (total <= SlicedIo.SLICE) {
            long left = total;
            while (left > 0) {
                left -= channel.write(buffers);
            }
        } else {
            for (ByteBuffer b : buffers) {
                SlicedIo.writeFully(channel, b);
            }
        }
        position += total;
        metrics.bytesWritten(total);
    }

    void sync() throws IOException {
        long t0 = System.nanoTime();
        channel.force(false);
        metrics.fsync(System.nanoTime() - t0);
    }

    /**
     * Ends the file: appends {@code lastEvent} (Rotate or Stop), clears the in-use flag, fsyncs and closes. After a
     * failed write the file is only closed ({@link #abandon}), so the next start sees it in use and recovers it.
     */
    void finish(byte[] lastEvent) throws IOException {
        try {
            write(ByteBuffer.wrap(lastEvent));
            clearInUse(channel);
            sync();
        } finally {
            channel.close();
        }
    }

    void abandon() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // the file is left as a crash would leave it; recovery handles it at the next start
        }
    }

    /** Clears LOG_EVENT_BINLOG_IN_USE_F in the FDE's flags byte, in place. */
    static void clearInUse(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(1);
        ch.read(b, BinlogHeader.IN_USE_FLAG_OFFSET);
        b.flip();
        byte flags = b.get(0);
        if ((flags & EventFlags.BINLOG_IN_USE) != 0) {
            b.put(0, (byte) (flags & ~EventFlags.BINLOG_IN_USE));
            ch.write(b, BinlogHeader.IN_USE_FLAG_OFFSET);
        }
    }
}
