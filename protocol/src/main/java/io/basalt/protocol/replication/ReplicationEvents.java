package io.basalt.protocol.replication;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEventBody;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.EventHeader;
import io.basalt.protocol.binlog.EventSerializer;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.HeartbeatEvent;
import io.basalt.protocol.binlog.RotateEvent;
import io.netty.buffer.ByteBuf;

import java.util.List;

/**
 * The events a dump thread makes up or adjusts on the way to a replica (spec §6.6–6.7), never written to a binlog:
 * the fake Rotate that starts every streamed file, heartbeats, the fake Gtid_list marking where a GTID replica's
 * stream really starts, and the Format_description copy with its in-use flag cleared. Stateless.
 */
public final class ReplicationEvents {
    /** Offset of the FDE's create timestamp: common header, binlog version (2), server version (50). */
    private static final int FDE_CREATED_OFFSET = EventHeader.SIZE + 2 + 50;

    private ReplicationEvents() {
    }

    /**
     * The artificial Rotate announcing {@code file} from {@code position}: timestamp 0, log_pos 0, ARTIFICIAL flag;
     * checksummed only if the replica said at connect it handles CRC32 (it has no FDE yet to tell it).
     */
    public static void fakeRotate(ByteBuf out, String file, long position, long serverId, BinlogChecksum checksum) {
        artificial(out, new RotateEvent(position, file), serverId, EventFlags.ARTIFICIAL, 0, checksum);
    }

    /** A heartbeat at {@code position} of {@code file}, checksummed as that file's events are. */
    public static void heartbeat(ByteBuf out, String file, long position, long serverId, BinlogChecksum checksum) {
        artificial(out, new HeartbeatEvent(file), serverId, 0, position, checksum);
    }

    /**
     * The artificial Gtid_list sent where a GTID replica's stream starts: the GTID state up to {@code position}, the
     * end of the last group it skipped.
     */
    public static void fakeGtidList(ByteBuf out, List<Gtid> state, long position, long serverId,
                                    BinlogChecksum checksum) {
        artificial(out, new GtidListEvent(state), serverId, EventFlags.ARTIFICIAL, position, checksum);
    }

    /**
     * A copy of a file's Format_description event as a dump sends it: in-use flag cleared (the CRC masks that bit).
     * With {@code resetCreated} its create timestamp becomes 0, so a replica that joins in the middle of a file, or
     * before its GTID start, does not take it for a master restart and drop its temporary tables; with
     * {@code resetLogPos} log_pos becomes 0 (the replica must not take the FDE's position when it starts past it).
     * The CRC is recomputed whenever bytes under it change.
     */
    public static byte[] formatDescription(byte[] fde, boolean resetCreated, boolean resetLogPos) {
        byte[] copy = fde.clone();
        copy[EventHeader.FLAGS_OFFSET] &= (byte) ~EventFlags.BINLOG_IN_USE;
        if (resetCreated || resetLogPos) {
            if (resetCreated) {
                putInt4(copy, FDE_CREATED_OFFSET, 0);
            }
            if (resetLogPos) {
                putInt4(copy, EventHeader.LOG_POS_OFFSET, 0);
            }
            // a Format_description event always ends in a CRC, whatever algorithm it announces
            int crcAt = copy.length - BinlogChecksum.CRC_SIZE;
            putInt4(copy, crcAt, BinlogChecksum.crc32(copy, 0, crcAt));
        }
        return copy;
    }

    private static void artificial(ByteBuf out, BinlogEventBody body, long serverId, int flags, long logPos,
                                   BinlogChecksum checksum) {
        EventSerializer.serializeWithLogPos(out, body, 0, serverId, flags, logPos, checksum);
    }

    private static void putInt4(byte[] buf, int at, long value) {
        buf[at] = (byte) value;
        buf[at + 1] = (byte) (value >>> 8);
        buf[at + 2] = (byte) (value >>> 16);
        buf[at + 3] = (byte) (value >>> 24);
    }
}
