package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;

/** Where {@link BinlogEventReader} gets bytes from: file offsets mapped onto a buffer or a file channel. */
interface EventSource {

    /** File offset just past the last readable byte. */
    long limit();

    /** Lets the reader see bytes up to {@code limit} (a file that grew while being tailed). */
    void extendTo(long limit);

    /** The bytes at file offsets [position, position + length); valid until the next call. */
    ByteBuf read(long position, int length);

    /** A buffer whose reader index holds file offset {@code base}. */
    static EventSource of(ByteBuf data, long base) {
        return new BufferSource(data, base);
    }

    static EventSource of(FileChannel channel, long limit) {
        return new ChannelSource(channel, limit);
    }

    /** Slices of an in-memory buffer; slices stay valid as long as the buffer. */
    final class BufferSource implements EventSource {
        private final ByteBuf data;
        private final long base;
        private final int start;

        BufferSource(ByteBuf data, long base) {
            this.data = data;
            this.base = base;
            this.start = data.readerIndex();
        }

        @Override
        public long limit() {
            return base + data.writerIndex() - start;
        }

        @Override
        public void extendTo(long limit) {
            if (limit > limit()) {
                throw new IllegalArgumentException("buffer ends at " + limit());
            }
        }

        @Override
        public ByteBuf read(long position, int length) {
            return data.slice(start + (int) (position - base), length);
        }
    }

    /**
     * Positional reads through a read-ahead window of {@value #WINDOW} bytes, never past {@code limit}: a recovery
     * scan or SHOW BINLOG EVENTS makes one read call per window instead of two per event (a header, then the event),
     * which on a VM with costly syscalls held a 160 MiB binlog's scan at about 30 MiB/s. Bytes below the limit are
     * final (a binlog is append-only and published up to its limit), so the window stays valid when the limit grows.
     * The window grows to hold an event larger than it; each read call moves at most one window, so the JDK's
     * thread-cached temporary direct buffer stays that small however large the event.
     */
    final class ChannelSource implements EventSource {
        static final int WINDOW = 1 << 20;

        private final FileChannel channel;
        private final ByteBuf window = Unpooled.buffer();
        /** File offset of the window's first byte. */
        private long windowStart;
        private long limit;

        ChannelSource(FileChannel channel, long limit) {
            this.channel = channel;
            this.limit = limit;
        }

        @Override
        public long limit() {
            return limit;
        }

        @Override
        public void extendTo(long limit) {
            this.limit = limit;
        }

        @Override
        public ByteBuf read(long position, int length) {
            if (position < windowStart || position + length > windowStart + window.writerIndex()) {
                fill(position, length);
            }
            return window.slice((int) (position - windowStart), length);
        }

        /** Reads from {@code position} at least {@code length} bytes, a window's worth if the limit allows. */
        private void fill(long position, int length) {
            int want = (int) Math.max(length, Math.min(WINDOW, limit - position));
            window.clear();
            window.ensureWritable(want);
            windowStart = position;
            try {
                while (window.writerIndex() < want) {
                    int n = window.writeBytes(channel, position + window.writerIndex(),
                            Math.min(WINDOW, want - window.writerIndex()));
                    if (n < 0) {
                        if (window.writerIndex() >= length) {
                            break; // the file ends before the limit, but after what was asked for
                        }
                        throw new IOException("file ends at " + (position + window.writerIndex()));
                    }
                }
            } catch (IOException e) {
                window.clear();
                throw new UncheckedIOException(e);
            }
        }
    }
}
