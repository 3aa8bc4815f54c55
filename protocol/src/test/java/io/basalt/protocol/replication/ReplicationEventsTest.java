package io.basalt.protocol.replication;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.BinlogEventReader;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.EventSerializer;
import io.basalt.protocol.binlog.FormatDescriptionEvent;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.HeartbeatEvent;
import io.basalt.protocol.binlog.RotateEvent;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReplicationEventsTest {

    private static BinlogEvent readOne(ByteBuf bytes, BinlogChecksum checksum) {
        return BinlogEventReader.ofEvents(bytes, 0, checksum).next();
    }

    @Test
    void fakeRotateIsArtificialWithZeroTimestampAndLogPos() {
        ByteBuf out = Unpooled.buffer();
        ReplicationEvents.fakeRotate(out, "basalt-bin.000002", 1588, 1, BinlogChecksum.CRC32);
        BinlogEvent e = readOne(out, BinlogChecksum.CRC32);
        assertThat(e.header().type()).isEqualTo(BinlogEventType.ROTATE);
        assertThat(e.header().timestamp()).isZero();
        assertThat(e.header().logPos()).isZero();
        assertThat(e.header().flags()).isEqualTo(EventFlags.ARTIFICIAL);
        assertThat(e.decode()).isEqualTo(new RotateEvent(1588, "basalt-bin.000002"));
    }

    @Test
    void fakeRotateWithoutChecksumHasNoTrailer() {
        ByteBuf out = Unpooled.buffer();
        ReplicationEvents.fakeRotate(out, "basalt-bin.000001", 4, 1, BinlogChecksum.NONE);
        assertThat(out.readableBytes()).isEqualTo(19 + 8 + "basalt-bin.000001".length());
    }

    @Test
    void heartbeatCarriesTheCurrentPositionAndFile() {
        ByteBuf out = Unpooled.buffer();
        ReplicationEvents.heartbeat(out, "basalt-bin.000003", 9999, 5, BinlogChecksum.CRC32);
        BinlogEvent e = readOne(out, BinlogChecksum.CRC32);
        assertThat(e.header().type()).isEqualTo(BinlogEventType.HEARTBEAT);
        assertThat(e.header().logPos()).isEqualTo(9999);
        assertThat(e.header().serverId()).isEqualTo(5);
        assertThat(e.decode()).isEqualTo(new HeartbeatEvent("basalt-bin.000003"));
    }

    @Test
    void fakeGtidListCarriesTheStateAndPosition() {
        ByteBuf out = Unpooled.buffer();
        List<Gtid> state = List.of(new Gtid(0, 1, 57), new Gtid(1, 1, 3));
        ReplicationEvents.fakeGtidList(out, state, 4711, 1, BinlogChecksum.CRC32);
        BinlogEvent e = readOne(out, BinlogChecksum.CRC32);
        assertThat(e.header().flags()).isEqualTo(EventFlags.ARTIFICIAL);
        assertThat(e.header().logPos()).isEqualTo(4711);
        assertThat(e.decode()).isEqualTo(new GtidListEvent(state));
    }

    @Test
    void formatDescriptionLosesItsInUseFlagAndOptionallyCreatedAndLogPosWithAValidCrc() {
        byte[] fde = EventSerializer.serialize(FormatDescriptionEvent.of("10.11.99-Basalt-MariaDB", 1700000000,
                BinlogChecksum.CRC32), 1700000000, 1, EventFlags.BINLOG_IN_USE, 4, BinlogChecksum.CRC32);

        byte[] plain = ReplicationEvents.formatDescription(fde, false, false);
        BinlogEvent e = readOne(Unpooled.wrappedBuffer(plain), BinlogChecksum.CRC32);
        assertThat(e.header().flags() & EventFlags.BINLOG_IN_USE).isZero();
        assertThat(((FormatDescriptionEvent) e.decode()).createTimestamp()).isEqualTo(1700000000L);
        assertThat(e.header().logPos()).isEqualTo(4 + fde.length);

        byte[] reset = ReplicationEvents.formatDescription(fde, true, true);
        BinlogEvent r = readOne(Unpooled.wrappedBuffer(reset), BinlogChecksum.CRC32);
        assertThat(((FormatDescriptionEvent) r.decode()).createTimestamp()).isZero();
        assertThat(r.header().logPos()).isZero();
        assertThat(fde[17] & EventFlags.BINLOG_IN_USE).as("the original is left alone").isEqualTo(1);
    }
}
