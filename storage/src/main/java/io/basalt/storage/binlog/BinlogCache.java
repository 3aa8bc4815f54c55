package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEventBody;
import io.basalt.protocol.binlog.EventSerializer;
import io.basalt.storage.concurrency.NoWaitScope;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.IntSupplier;

/**
 * The binlog cache of one session transaction (MariaDB's trx cache): the Annotate_rows / Table_map / Rows (or
 * in-transaction Query) events of the transaction, turned into the {@code DecidedTxn} payload at commit.
 *
 * <p>Up to {@code binlog_cache_size} bytes stay in memory, positioned from 0 (the writer relocates them). Beyond
 * that the cache spills to a {@link SpilledCache} file whose reserved header gap makes the events' positions final
 * if the file is later renamed into a binlog (spec §5). The payload of a spilled cache is a {@link SpilledPayload}
 * descriptor; the file is fsynced when the payload is taken, before the transaction commits, so the commit leader
 * never waits for a large fsync.
 *
 * <p>Lifecycle: append events; take {@link #payload()} and pass it to {@code Transaction.commit}; then
 * {@link #reset()} for the next transaction, or {@link #abandon()} when the commit's outcome is undetermined (the
 * sealed file is then kept until restart recovery, which may still hand the transaction to the binlog from the
 * outbox). Not thread-safe: one session at a time.
 */
public final class BinlogCache implements AutoCloseable {
    private final Path cacheDir;
    private final int cacheSize;
    private final BinlogChecksum checksum;
    private final long serverId;
    private final IntSupplier gapSize;
    private final BinlogMetrics metrics;
    private static final int SCRATCH_INITIAL = 256;
    private static final int SCRATCH_KEPT = 1 << 20;
    private ByteBuf scratch = Unpooled.buffer(SCRATCH_INITIAL);
    private byte[] mem = new byte[1024];
    private SpilledCache spill;
    private SpilledPayload sealed;
    private long size;
    private boolean counted;

    BinlogCache(BinlogConfig config, IntSupplier gapSize, BinlogMetrics metrics) {
        this.cacheDir = config.cacheDir();
        this.cacheSize = config.cacheSize();
        this.checksum = config.checksum();
        this.serverId = config.serverId();
        this.gapSize = gapSize;
        this.metrics = metrics;
    }

    /** Logical size: the position the next event starts at, relative to the start of the transaction's events. */
    public long position() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean spilled() {
        return spill != null;
    }

    /** Bytes of the buffers kept from one transaction to the next: in-memory events and the serialization scratch. */
    long retainedBytes() {
        return (long) mem.length + scratch.capacity();
    }

    /** Appends one event built from {@code body} (the server id and checksum are the binlog's). */
    public void append(BinlogEventBody body, long timestampSeconds, int flags) {
        checkOpen();
        if (spill == null && size + body.encodedSizeHint() > cacheSize) {
            // spilling first serializes the event at its final position: relocating it would checksum it twice
            spill();
        }
        long at = base() + size;
        scratch.clear();
        int len = EventSerializer.serialize(scratch, body, timestampSeconds, serverId, flags, at, checksum);
        store(scratch.array(), scratch.arrayOffset(), len, at);
        releaseLargeScratch();
    }

    /**
     * Appends whole serialized events (written with this binlog's checksum, at any position); they are copied and
     * re-positioned, {@code events} is left unchanged.
     */
    public void append(byte[] events, int off, int len) {
        checkOpen();
        scratch.clear();
        scratch.writeBytes(events, off, len);
        store(scratch.array(), scratch.arrayOffset(), len, -1);
        releaseLargeScratch();
    }

    /** Drops the events after {@code position} (ROLLBACK TO SAVEPOINT, a failed statement). */
    public void truncate(long position) {
        checkOpen();
        if (position < 0 || position > size) {
            throw new IllegalArgumentException("truncate to " + position + " outside 0.." + size);
        }
        if (spill != null) {
            try {
                spill.truncate(position);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot truncate binlog cache file " + spill.path(), e);
            }
        }
        size = position;
    }

    /**
     * The transaction's payload: null when it wrote no events, the event bytes when they fit in memory, otherwise a
     * descriptor of the sealed (fsynced) cache file. No events may be appended after a spilled cache was sealed.
     */
    public byte[] payload() {
        if (size == 0) {
            return null;
        }
        if (!counted) {
            metrics.cacheUsed(spill != null);
            counted = true;
        }
        if (spill == null) {
            return Arrays.copyOf(mem, (int) size);
        }
        if (sealed == null) {
            try {
                sealed = spill.seal(checksum);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot sync binlog cache file " + spill.path(), e);
            }
        }
        return sealed.encode();
    }

    /**
     * Clears the cache for the next transaction. A spilled file still present is deleted: either the transaction
     * was rolled back, or it committed and the binlog already consumed the file (renamed or copied).
     */
    public void reset() {
        if (spill != null) {
            try {
                spill.closeAndDelete();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete binlog cache file " + spill.path(), e);
            }
        }
        clear();
    }

    /**
     * Clears the cache but keeps a sealed file: the transaction's outcome is undetermined and recovery may still
     * need the file. An unsealed file is deleted.
     */
    public void abandon() {
        if (sealed == null) {
            reset();
        } else {
            clear();
        }
    }

    @Override
    public void close() {
        reset();
    }

    private void clear() {
        spill = null;
        sealed = null;
        size = 0;
        counted = false;
    }

    private long base() {
        return spill == null ? 0 : spill.gap();
    }

    private void checkOpen() {
        if (sealed != null) {
            throw new IllegalStateException("the binlog cache was sealed by payload(); reset it first");
        }
    }

    /** Stores {@code len} bytes of events serialized at {@code writtenAt} (-1: unknown), spilling when needed. */
    private void store(byte[] buf, int off, int len, long writtenAt) {
        if (spill == null && size + len > cacheSize) {
            spill();
        }
        if (spill != null) {
            NoWaitScope.refuse("a binlog cache file");
        }
        try {
            long at = base() + size;
            if (at != writtenAt) {
                EventSerializer.relocate(buf, off, len, at, checksum);
            }
            if (spill == null) {
                if (size + len > mem.length) {
                    mem = Arrays.copyOf(mem, (int) Math.min(Math.max(mem.length * 2L, size + len),
                            Math.max(cacheSize, size + len)));
                }
                System.arraycopy(buf, off, mem, (int) size, len);
            } else {
                spill.append(buf, off, len);
            }
            size += len;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write binlog cache file in " + cacheDir, e);
        }
    }

    /** Moves the in-memory events to a new spill file, positioned after its gap. */
    private void spill() {
        NoWaitScope.refuse("a binlog cache file");
        try {
            startSpill();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write binlog cache file in " + cacheDir, e);
        }
    }

    /** A session keeps a small scratch buffer: one that grew for a large event would stay as large as the event. */
    private void releaseLargeScratch() {
        if (scratch.capacity() > SCRATCH_KEPT) {
            scratch = Unpooled.buffer(SCRATCH_INITIAL);
        }
    }

    private void startSpill() throws IOException {
        Files.createDirectories(cacheDir);
        SpilledCache s = SpilledCache.create(cacheDir, gapSize.getAsInt());
        try {
            if (size > 0) {
                EventSerializer.relocate(mem, 0, (int) size, s.gap(), checksum);
                s.append(mem, 0, (int) size);
            }
        } catch (IOException | RuntimeException e) {
            s.closeAndDelete();
            throw e;
        }
        spill = s;
    }
}
