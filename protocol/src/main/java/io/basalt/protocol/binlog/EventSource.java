package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

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

    /** Reads through a {@link ReadAheadWindow}, up to the limit. */
    final class ChannelSource implements EventSource {
        private final ReadAheadWindow window;
        private long limit;

        ChannelSource(FileChannel channel, long limit) {
            this.window = new ReadAheadWindow(channel);
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
            try {
                return window.read(position, length, limit);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
