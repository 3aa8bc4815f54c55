package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.MalformedPacketException;
import io.netty.buffer.ByteBuf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;

/**
 * Iterates the events of a binlog file (or of a region of one, or of a transaction cache), checking sizes and,
 * when the checksum is CRC32, each event's CRC. A Format_description event switches the checksum to the one it
 * announces (its own CRC is checked when it announces CRC32, as MariaDB does).
 *
 * <p>{@link #next()} tells the three endings apart: {@code null} when the data ends exactly after an event,
 * {@link TornEventException} when it ends inside one (a crash cut the last write short; recovery truncates at
 * {@link BinlogReadException#offset()}), {@link CorruptEventException} for a CRC mismatch, a size smaller than a
 * header or a bad Format_description event. A garbage size that points past the end reads as torn.
 *
 * <p>Events read from a {@link FileChannel} are slices of one reused buffer, valid until the next call; events read
 * from a ByteBuf are slices of it. Not thread-safe; does not close the channel or release the buffer.
 */
public final class BinlogEventReader {
    private final EventSource source;
    private long position;
    private BinlogChecksum checksum;
    private FormatDescriptionEvent formatDescription;

    private BinlogEventReader(EventSource source, long position, BinlogChecksum checksum) {
        this.source = source;
        this.position = position;
        this.checksum = checksum;
    }

    /** A whole file in memory, from its magic at the reader index; the checksum comes from its FDE. */
    public static BinlogEventReader ofFile(ByteBuf file) {
        return startAfterMagic(EventSource.of(file, 0));
    }

    /** A whole file (as large as it is now), from its magic at offset 0; the checksum comes from its FDE. */
    public static BinlogEventReader ofFile(FileChannel channel) {
        try {
            return startAfterMagic(EventSource.of(channel, channel.size()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Events without magic whose first byte is at file offset {@code startOffset}: a serialized transaction cache,
     * or a file region after its FDE (pass the FDE's checksum).
     */
    public static BinlogEventReader ofEvents(ByteBuf events, long startOffset, BinlogChecksum checksum) {
        return new BinlogEventReader(EventSource.of(events, startOffset), startOffset, checksum);
    }

    /** The events of a file between offsets {@code start} and {@code end} (e.g. the published end of the binlog). */
    public static BinlogEventReader ofRange(FileChannel channel, long start, long end, BinlogChecksum checksum) {
        return new BinlogEventReader(EventSource.of(channel, end), start, checksum);
    }

    private static BinlogEventReader startAfterMagic(EventSource source) {
        if (source.limit() < BinlogMagic.SIZE) {
            throw new TornEventException("file shorter than the binlog magic", 0);
        }
        if (!BinlogMagic.matches(source.read(0, BinlogMagic.SIZE), 0)) {
            throw new CorruptEventException("no binlog magic", 0);
        }
        return new BinlogEventReader(source, BinlogMagic.SIZE, BinlogChecksum.NONE);
    }

    /** File offset of the next event: the end of the last event read. */
    public long position() {
        return position;
    }

    /** The checksum events are currently checked with. */
    public BinlogChecksum checksum() {
        return checksum;
    }

    /** The last Format_description event read, or null. */
    public FormatDescriptionEvent formatDescription() {
        return formatDescription;
    }

    /** Lets the reader go on up to file offset {@code end}, e.g. after more of a tailed file became durable. */
    public void extendTo(long end) {
        source.extendTo(end);
    }

    /**
     * The next event, or null when the data ends exactly at {@link #position()}.
     *
     * @throws TornEventException if the data ends inside the next event
     * @throws CorruptEventException if the next event is damaged
     */
    public BinlogEvent next() {
        long limit = source.limit();
        if (position >= limit) {
            return null;
        }
        if (limit - position < EventHeader.SIZE) {
            throw new TornEventException("partial event header", position);
        }
        EventHeader header = EventHeader.decode(source.read(position, EventHeader.SIZE));
        boolean fde = header.type() == BinlogEventType.FORMAT_DESCRIPTION;
        int trailer = EventHeader.trailerSize(header.type(), checksum);
        if (header.eventSize() < EventHeader.SIZE + trailer) {
            throw new CorruptEventException("event size " + header.eventSize() + " below the minimum", position);
        }
        if (header.eventSize() > limit - position) {
            throw new TornEventException("event of " + header.eventSize() + " bytes ends past " + limit, position);
        }
        ByteBuf bytes = source.read(position, header.eventSize());
        int bodySize = header.eventSize() - EventHeader.SIZE - trailer;
        ByteBuf body = bytes.slice(EventHeader.SIZE, bodySize);
        BinlogChecksum verify = fde ? announcedChecksum(body) : checksum;
        if (verify == BinlogChecksum.CRC32) {
            int stored = bytes.getIntLE(header.eventSize() - BinlogChecksum.CRC_SIZE);
            int computed = BinlogChecksum.crc32(bytes, 0, header.eventSize() - BinlogChecksum.CRC_SIZE);
            if (stored != computed) {
                throw new CorruptEventException(String.format("CRC32 mismatch (stored %08x, computed %08x) in %s event",
                        stored, computed, header.type()), position);
            }
        }
        if (fde) {
            readFormatDescription(body);
        }
        BinlogEvent event = new BinlogEvent(position, header, body, bytes);
        position += header.eventSize();
        return event;
    }

    private BinlogChecksum announcedChecksum(ByteBuf body) {
        if (!body.isReadable()) {
            throw new CorruptEventException("empty Format_description event", position);
        }
        int code = body.getUnsignedByte(body.writerIndex() - 1);
        if (code > BinlogChecksum.CRC32.code()) {
            throw new CorruptEventException("unknown checksum algorithm " + code, position);
        }
        return BinlogChecksum.of(code);
    }

    private void readFormatDescription(ByteBuf body) {
        try {
            formatDescription = FormatDescriptionEvent.decode(body.duplicate());
        } catch (MalformedPacketException | IllegalArgumentException e) {
            throw new CorruptEventException("malformed Format_description event", position);
        }
        checksum = formatDescription.checksum();
    }
}
