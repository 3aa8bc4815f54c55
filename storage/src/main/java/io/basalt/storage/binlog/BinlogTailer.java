package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.BinlogMagic;
import io.basalt.protocol.binlog.EventHeader;
import io.basalt.protocol.binlog.ReadAheadWindow;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * Reads the binlog from a position onwards for one dump thread: event by event, never past the published end
 * ({@link BinlogEnd}), waiting for more when it is reached; at a Rotate event, or at the end of a file that is no
 * longer the newest (a file closed by a Stop or a crash), it moves on to the next file from offset 4. It reads the
 * files with its own channel, through a {@link ReadAheadWindow}, and never takes the write lock, so it cannot hold
 * writers up. Events are returned whole; checksums are left to the consumer (they were verified at recovery or
 * written by this process). Not thread-safe: one dump thread.
 */
public final class BinlogTailer implements AutoCloseable {
    private final Path dir;
    private final String baseName;
    private final BinlogEnd end;
    private String file;
    /** {@link #file}'s number, parsed once per file rather than for every event. */
    private long fileNumber;
    private long position;
    private FileChannel channel;
    private ReadAheadWindow window;
    /** The size of {@link #file} once a newer file exists (it no longer grows), or -1. */
    private long finishedSize = -1;
    /** The newest file seen published, and its number. */
    private String newestFile;
    private long newestNumber;

    BinlogTailer(Path dir, String baseName, BinlogEnd end, String file, long position) {
        if (BinlogFileName.number(baseName, file) < 0) {
            throw new IllegalArgumentException("not a binlog file name: " + file);
        }
        this.dir = dir;
        this.baseName = baseName;
        this.end = end;
        this.file = file;
        this.fileNumber = BinlogFileName.number(baseName, file);
        this.position = Math.max(position, BinlogMagic.SIZE);
    }

    /** The file of the next event. */
    public String file() {
        return file;
    }

    /** The offset of the next event in {@link #file()}. */
    public long position() {
        return position;
    }

    /**
     * The next event, waiting up to {@code timeout} for one to be published; null on timeout or when the binlog is
     * closed (0 = do not wait, the non-blocking dump mode).
     *
     * @throws java.nio.file.NoSuchFileException (wrapped) if the file was purged
     */
    public TailedEvent next(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            BinlogPosition published = end.get();
            long visible = visibleEnd(published);
            if (position < visible) {
                TailedEvent e = read(visible);
                if (e != null) {
                    return e;
                }
            } else if (olderThan(published)) {
                moveToNext();
                continue;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || end.closed()) {
                return null;
            }
            end.awaitChange(published, left);
        }
    }

    /** Whether the binlog was closed (server shutdown): {@link #next} returns null at once from then on. */
    public boolean binlogClosed() {
        return end.closed();
    }

    @Override
    public void close() {
        closeChannel();
    }

    /** How far this file may be read: all of an older file, the published end of the newest, nothing beyond. */
    private long visibleEnd(BinlogPosition published) {
        if (published.file().equals(file)) {
            return published.position();
        }
        if (!olderThan(published)) {
            return 0;
        }
        if (finishedSize < 0) {
            finishedSize = size();
        }
        return finishedSize;
    }

    private boolean olderThan(BinlogPosition published) {
        if (published.file().equals(file)) {
            return false;
        }
        if (!published.file().equals(newestFile)) {
            newestFile = published.file();
            newestNumber = BinlogFileName.number(baseName, newestFile);
        }
        return fileNumber < newestNumber;
    }

    /** The event at {@link #position}, or null when less than a whole event is visible. */
    private TailedEvent read(long visible) {
        try {
            if (visible - position < EventHeader.SIZE) {
                return null;
            }
            ByteBuf header = window().read(position, EventHeader.SIZE, visible);
            long size = header.getUnsignedIntLE(EventHeader.EVENT_SIZE_OFFSET);
            if (size < EventHeader.SIZE || size > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("bad event size " + size + " at " + file + ":" + position);
            }
            if (position + size > visible) {
                return null;
            }
            ByteBuf ev = window.read(position, (int) size, visible);
            byte[] bytes = new byte[(int) size];
            ev.getBytes(0, bytes);
            TailedEvent e = new TailedEvent(file, position, bytes);
            position += size;
            if (e.typeCode() == BinlogEventType.ROTATE.code()) {
                moveToNext();
            }
            return e;
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot read binlog " + file, ex);
        }
    }

    private void moveToNext() {
        closeChannel();
        file = BinlogFileName.next(baseName, file);
        fileNumber = BinlogFileName.number(baseName, file);
        finishedSize = -1;
        position = BinlogMagic.SIZE;
    }

    private long size() {
        try {
            return channel().size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read binlog " + file, e);
        }
    }

    /** The read-ahead window over {@link #file}, opening the file if it is not open yet. */
    private ReadAheadWindow window() throws IOException {
        channel();
        return window;
    }

    private FileChannel channel() throws IOException {
        if (channel == null) {
            try {
                channel = FileChannel.open(dir.resolve(file), StandardOpenOption.READ);
                window = new ReadAheadWindow(channel);
            } catch (NoSuchFileException e) {
                throw new UncheckedIOException("binlog " + file + " does not exist (purged?)", e);
            }
        }
        return channel;
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // a read-only channel has nothing to lose
            }
            channel = null;
            window = null;
        }
    }

}
