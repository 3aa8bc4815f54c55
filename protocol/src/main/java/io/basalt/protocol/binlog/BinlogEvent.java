package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;

/**
 * One event read by {@link BinlogEventReader}.
 *
 * @param offset file offset of the event's first byte
 * @param header the decoded common header
 * @param body the bytes between header and checksum trailer (a slice; decode with {@link #decode()})
 * @param bytes the whole event as stored: header, body and trailer (a slice, e.g. to stream to a replica)
 */
public record BinlogEvent(long offset, EventHeader header, ByteBuf body, ByteBuf bytes) {

    /** File offset just past the event. */
    public long end() {
        return offset + header.eventSize();
    }

    /**
     * The event's record ({@link GtidEvent}, {@link QueryEvent}, …) for every type except rows events, which need
     * their table map ({@link #decodeRows}).
     *
     * @throws IllegalStateException for rows events and types without a record
     */
    public BinlogEventBody decode() {
        ByteBuf in = body.duplicate();
        return switch (header.type()) {
            case FORMAT_DESCRIPTION -> FormatDescriptionEvent.decode(in);
            case GTID -> GtidEvent.decode(in);
            case GTID_LIST -> GtidListEvent.decode(in);
            case BINLOG_CHECKPOINT -> BinlogCheckpointEvent.decode(in);
            case ANNOTATE_ROWS -> AnnotateRowsEvent.decode(in);
            case QUERY -> QueryEvent.decode(in);
            case XID -> XidEvent.decode(in);
            case ROTATE -> RotateEvent.decode(in);
            case STOP -> StopEvent.decode(in);
            case HEARTBEAT -> HeartbeatEvent.decode(in);
            case TABLE_MAP -> TableMapEvent.decode(in);
            default -> throw new IllegalStateException("no record for " + header.type() + " events");
        };
    }

    /** A Write/Update/Delete_rows event decoded with the columns of its {@code table}. */
    public RowsEvent decodeRows(TableMapEvent table) {
        if (!header.type().isRows()) {
            throw new IllegalStateException(header.type() + " is not a rows event");
        }
        return RowsEvent.decode(header.type(), body.duplicate(), table.columns());
    }
}
