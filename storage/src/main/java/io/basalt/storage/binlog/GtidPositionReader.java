package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.BinlogMagic;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.RawEvents;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * BINLOG_GTID_POS(file, offset): the GTID position a replica needs to start exactly at a binlog offset — the file's
 * Gtid_list (the state before the file) advanced by every GTID event before the offset, one GTID per domain
 * (ascending domains, as MariaDB prints it); and the Gtid_list at a file's head, where a GTID replica's dump may
 * start. Reads through a {@link BinlogTailer}, never the writer's lock. Stateless.
 */
final class GtidPositionReader {
    private GtidPositionReader() {
    }

    /**
     * @return the position, "" when no GTID precedes the offset, or null when {@code offset} is not the start of an
     *         event of the file (or its end) — MariaDB's NULL for a position it cannot start a replica at
     */
    static String at(BinlogTailer tailer, String file, long offset) throws InterruptedException {
        Map<Long, Gtid> state = new TreeMap<>();
        BinlogChecksum checksum = BinlogChecksum.NONE;
        boolean headRead = false;
        boolean boundary = offset == BinlogMagic.SIZE;
        long position = BinlogMagic.SIZE;
        // the file's Gtid_list is its state at every offset, also at the offsets of the header events before it
        while (position < offset || !headRead) {
            TailedEvent e = tailer.next(0, TimeUnit.NANOSECONDS);
            if (e == null || !e.file().equals(file)) {
                break;
            }
            byte[] b = e.bytes();
            int type = e.typeCode();
            if (type == BinlogEventType.FORMAT_DESCRIPTION.code()) {
                checksum = RawEvents.formatDescriptionChecksum(b);
            } else if (type == BinlogEventType.GTID_LIST.code()) {
                for (Gtid g : GtidListEvent.decode(RawEvents.body(b, checksum)).gtids()) {
                    state.put(g.domainId(), g);
                }
                headRead = true;
            } else if (type == BinlogEventType.GTID.code() && e.position() < offset) {
                GtidEvent g = GtidEvent.decode(RawEvents.body(b, checksum));
                state.put(g.domainId(), new Gtid(g.domainId(), RawEvents.serverId(b), g.seqNo()));
            }
            position = e.end();
            boundary |= position == offset;
        }
        if (!boundary || !headRead) {
            return null;
        }
        StringJoiner text = new StringJoiner(",");
        state.values().forEach(g -> text.add(g.toString()));
        return text.toString();
    }

    /**
     * The Gtid_list at the head of {@code file} (read from offset 4): the binlog GTID state before the file.
     *
     * @return null if the file does not start with a Format_description and a Gtid_list event
     */
    static List<Gtid> head(BinlogTailer tailer, String file) throws InterruptedException {
        BinlogChecksum checksum = BinlogChecksum.NONE;
        TailedEvent e;
        while ((e = tailer.next(0, TimeUnit.NANOSECONDS)) != null && e.file().equals(file)) {
            if (e.typeCode() == BinlogEventType.FORMAT_DESCRIPTION.code()) {
                checksum = RawEvents.formatDescriptionChecksum(e.bytes());
            } else if (e.typeCode() == BinlogEventType.GTID_LIST.code()) {
                return GtidListEvent.decode(RawEvents.body(e.bytes(), checksum)).gtids();
            } else {
                return null;
            }
        }
        return null;
    }
}
