package io.basalt.storage.binlog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * File channel reads and writes in slices of at most {@value #SLICE} bytes. The JDK moves a heap buffer through a
 * temporary direct buffer as large as the transfer and keeps it cached on the calling thread, so moving a 512 MiB
 * row event in one call pinned 512 MiB of direct memory on every thread that ever did it, until the process ran out
 * (seen in the large-transaction benchmark). Slicing bounds that to one slice per thread.
 */
final class SlicedIo {
    static final int SLICE = 1 << 20;

    private SlicedIo() {
    }

    /** Reads at most one slice into {@code b} from file offset {@code at}; returns the bytes read, -1 at the end. */
    static int read(FileChannel ch, ByteBuffer b, long at) throws IOException {
        int limit = b.limit();
        b.limit(Math.min(limit, b.position() + SLICE));
        try {
            return ch.read(b, at);
        } finally {
            b.limit(limit);
        }
    }

    /** Writes all of {@code b} at the channel's position. */
    static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        int limit = b.limit();
        try {
            while (b.position() < limit) {
                b.limit(Math.min(limit, b.position() + SLICE));
                while (b.hasRemaining()) {
                    ch.write(b);
                }
            }
        } finally {
            b.limit(limit);
        }
    }
}
