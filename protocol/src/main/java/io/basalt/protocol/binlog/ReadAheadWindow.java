package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Positional reads of one binlog file through a read-ahead window of {@value #WINDOW} bytes, never past the limit
 * the caller gives: one read call per window instead of two per event (a header, then the event), which on a VM
 * with costly syscalls held a recovery scan or a replica's dump to about 20-30 MiB/s. Bytes below a limit are final
 * (a binlog is append-only and published up to its limit), so the window stays valid when the limit grows. It grows
 * to hold an event larger than itself; each read call moves at most one window, so the JDK's thread-cached
 * temporary direct buffer stays that small however large the event. Not thread-safe; does not own the channel.
 */
public final class ReadAheadWindow {
    static final int WINDOW = 1 << 20;

    private final FileChannel channel;
    private final ByteBuf window = Unpooled.buffer();
    /** File offset of the window's first byte. */
    private long windowStart;

    public ReadAheadWindow(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * The bytes at file offsets [position, position + length), reading ahead up to {@code limit}; valid until the
     * next call.
     *
     * @throws IOException also if the file ends before {@code position + length}
     */
    public ByteBuf read(long position, int length, long limit) throws IOException {
        if (position < windowStart || position + length > windowStart + window.writerIndex()) {
            fill(position, length, limit);
        }
        return window.slice((int) (position - windowStart), length);
    }

    private void fill(long position, int length, long limit) throws IOException {
        int want = (int) Math.max(length, Math.min(WINDOW, limit - position));
        window.clear();
        window.ensureWritable(want);
        windowStart = position;
        while (window.writerIndex() < want) {
            int n = window.writeBytes(channel, position + window.writerIndex(),
                    Math.min(WINDOW, want - window.writerIndex()));
            if (n < 0) {
                if (window.writerIndex() >= length) {
                    return; // the file ends before the limit, but after what was asked for
                }
                window.clear();
                throw new IOException("file ends at " + (position + window.writerIndex()));
            }
        }
    }
}
