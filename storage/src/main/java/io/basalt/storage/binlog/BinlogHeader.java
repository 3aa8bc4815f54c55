package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogCheckpointEvent;
import io.basalt.protocol.binlog.BinlogMagic;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.EventHeader;
import io.basalt.protocol.binlog.EventSerializer;
import io.basalt.protocol.binlog.FormatDescriptionEvent;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.Gtid;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;

/**
 * The first bytes of every binlog file (spec §1.1): magic, Format_description (with LOG_EVENT_BINLOG_IN_USE_F while
 * the file is open), Gtid_list (the GTID state before the file), Binlog_checkpoint naming the file itself. Also the
 * size of the header gap a spilled session cache reserves for them (spec §5.1). Stateless.
 */
final class BinlogHeader {
    /** File offset of the FDE's flags byte whose low bit is the in-use flag: magic + header flags offset. */
    static final long IN_USE_FLAG_OFFSET = BinlogMagic.SIZE + EventHeader.FLAGS_OFFSET;
    private static final int IO_SIZE = 4096;

    private BinlogHeader() {
    }

    /**
     * The header bytes of file {@code name}.
     *
     * @param created creation timestamp of the FDE: non-zero only in the first file after a server start, which
     *                tells replicas the master restarted (spec §1.5)
     */
    static byte[] build(BinlogConfig config, String name, List<Gtid> state, long created, long nowSeconds) {
        ByteBuf out = Unpooled.buffer(512);
        BinlogMagic.write(out);
        EventSerializer.serialize(out, FormatDescriptionEvent.of(config.serverVersion(), created, config.checksum()),
                nowSeconds, config.serverId(), EventFlags.BINLOG_IN_USE, out.writerIndex(), config.checksum());
        EventSerializer.serialize(out, new GtidListEvent(state), nowSeconds, config.serverId(), 0,
                out.writerIndex(), config.checksum());
        EventSerializer.serialize(out, new BinlogCheckpointEvent(name), nowSeconds, config.serverId(), 0,
                out.writerIndex(), config.checksum());
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        return bytes;
    }

    /**
     * The reserved gap of a cache file: room for a header of {@code headerLength} bytes and the largest GTID event,
     * rounded up to 4 KiB, as MariaDB's {@code binlog_cache_reserved_size}.
     */
    static int reservedGap(int headerLength) {
        int need = headerLength + EventHeader.SIZE + GtidEvent.MAX_DATA_LENGTH + 4;
        return (need + IO_SIZE - 1) / IO_SIZE * IO_SIZE;
    }
}
