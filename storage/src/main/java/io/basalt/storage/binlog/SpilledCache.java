package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The spill file of one session cache in {@code #binlog_cache_files/} (spec §5.1): {@code gap} reserved bytes
 * (4 KiB aligned, left as a hole) then the events, buffered in 64 KiB. Every {@value #SYNC_EVERY} bytes written the
 * file is fsynced while the statement still runs, so that sealing at COMMIT has at most that much left to flush: a
 * 512 MiB transaction would otherwise push hundreds of MiB to disk in one go at its commit, and the small commits'
 * binlog fsyncs on the same disk would queue behind it. Sealing flushes, cuts bytes left by a savepoint rollback,
 * fsyncs and closes it, so that the commit leader only has to fill the gap and rename it. Not thread-safe: owned by
 * one {@link BinlogCache}.
 */
final class SpilledCache {
    /** Name prefix of cache files; everything with it in the cache directory is a leftover at startup. */
    static final String PREFIX = "ML_";
    private static final int BUFFER = 64 * 1024;
    static final long SYNC_EVERY = 8L << 20;

    private final Path path;
    private final FileChannel channel;
    private final int gap;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
    private long flushed;
    private long synced;

    private SpilledCache(Path path, FileChannel channel, int gap) {
        this.path = path;
        this.channel = channel;
        this.gap = gap;
    }

    static SpilledCache create(Path cacheDir, int gap) throws IOException {
        Path path = Files.createTempFile(cacheDir, PREFIX, ".cache");
        FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE);
        return new SpilledCache(path, ch, gap);
    }

    int gap() {
        return gap;
    }

    Path path() {
        return path;
    }

    /** Bytes of events written so far (buffered ones included). */
    long dataLength() {
        return flushed + buffer.position();
    }

    void append(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (!buffer.hasRemaining()) {
                flush();
            }
            int n = Math.min(len, buffer.remaining());
            buffer.put(b, off, n);
            off += n;
            len -= n;
        }
    }

    /** Drops the events after {@code dataLength} (ROLLBACK TO SAVEPOINT, a failed statement). */
    void truncate(long dataLength) throws IOException {
        flush();
        channel.truncate(gap + dataLength);
        flushed = dataLength;
        synced = Math.min(synced, dataLength);
    }

    /** Makes the file durable and closes it; returns the payload that names it. */
    SpilledPayload seal(BinlogChecksum checksum) throws IOException {
        flush();
        channel.truncate(gap + flushed);
        channel.force(false);
        channel.close();
        return new SpilledPayload(path.getFileName().toString(), gap, flushed, checksum);
    }

    void closeAndDelete() throws IOException {
        if (channel.isOpen()) {
            channel.close();
        }
        Files.deleteIfExists(path);
    }

    private void flush() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            flushed += channel.write(buffer, gap + flushed);
        }
        buffer.clear();
        if (flushed - synced >= SYNC_EVERY) {
            channel.force(false);
            synced = flushed;
        }
    }
}
