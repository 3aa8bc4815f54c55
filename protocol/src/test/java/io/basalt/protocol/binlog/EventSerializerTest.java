package io.basalt.protocol.binlog;

import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.zip.CRC32;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EventSerializerTest {

    /** zlib CRC-32 of {@code bytes}, computed independently of the code under test. */
    private static int crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return (int) crc.getValue();
    }

    @Test
    void headerCarriesSizeAndEndPositionAndCrcCoversHeaderAndBody() {
        byte[] event = EventSerializer.serialize(new XidEvent(5), 0x6b02b2efL, 7, 0, 1662, BinlogChecksum.CRC32);
        // 19 header + 8 xid + 4 CRC = 31; log_pos = 1662 + 31 = 1693 (0x069d), as MariaDB wrote it at offset 1662.
        byte[] withoutCrc = Bytes.of()
                .int4(0x6b02b2efL).int1(16).int4(7).int4(31).int4(1693).int2(0)
                .int8(5)
                .array();
        byte[] expected = Bytes.of().raw(withoutCrc).int4(crc(withoutCrc)).array();
        assertThat(event).isEqualTo(expected);
        assertThat(Bytes.hexOf(event)).isEqualTo("efb2026b10070000001f0000009d06000000000500000000000000de826f2c");
    }

    @Test
    void noChecksumMeansNoTrailer() {
        byte[] event = EventSerializer.serialize(new StopEvent(), 1, 2, 0, 100, BinlogChecksum.NONE);
        assertThat(event).isEqualTo(Bytes.of().int4(1).int1(3).int4(2).int4(19).int4(119).int2(0).array());
    }

    @Test
    void formatDescriptionAlwaysCarriesACrcEvenWithoutChecksums() {
        byte[] event = EventSerializer.serialize(FormatDescriptionEvent.of("10.11.6-MariaDB", 0, BinlogChecksum.NONE),
                0, 1, 0, 4, BinlogChecksum.NONE);
        // 19 + 2 + 50 + 4 + 1 + 171 + 1 (alg) + 4 (CRC) = 252, ending at 256.
        assertThat(event).hasSize(252);
        assertThat(Unpooled.wrappedBuffer(event).getIntLE(EventHeader.LOG_POS_OFFSET)).isEqualTo(256);
        assertThat(event[247]).as("algorithm byte").isZero();
        assertThat(Unpooled.wrappedBuffer(event).getIntLE(248)).isEqualTo(crc(Arrays.copyOf(event, 248)));
    }

    @Test
    void crcIsComputedWithTheInUseFlagMaskedOut() {
        FormatDescriptionEvent fde = FormatDescriptionEvent.of("10.11.6-MariaDB", 0, BinlogChecksum.CRC32);
        byte[] inUse = EventSerializer.serialize(fde, 9, 1, EventFlags.BINLOG_IN_USE, 4, BinlogChecksum.CRC32);
        byte[] closed = EventSerializer.serialize(fde, 9, 1, 0, 4, BinlogChecksum.CRC32);
        assertThat(inUse[EventHeader.FLAGS_OFFSET]).isEqualTo((byte) 1);
        // Clearing the flag in place (what MariaDB does at clean shutdown) leaves a valid event: same CRC.
        inUse[EventHeader.FLAGS_OFFSET] = 0;
        assertThat(inUse).isEqualTo(closed);
    }

    @Test
    void serializeWithLogPosKeepsTheGivenPosition() {
        ByteBuf out = Unpooled.buffer();
        int size = EventSerializer.serializeWithLogPos(out, new RotateEvent(4, "basalt-bin.000002"), 0, 1,
                EventFlags.ARTIFICIAL, 0, BinlogChecksum.CRC32);
        EventHeader header = EventHeader.decode(out.duplicate());
        assertThat(header).isEqualTo(new EventHeader(0, BinlogEventType.ROTATE, 1, size, 0, EventFlags.ARTIFICIAL));
        assertThat(size).isEqualTo(19 + 8 + 17 + 4);
    }

    @Test
    void serializeAppendsAtTheWriterIndex() {
        ByteBuf out = Unpooled.buffer();
        out.writeBytes(BinlogMagic.bytes());
        int size = EventSerializer.serialize(out, new XidEvent(1), 0, 1, 0, 4, BinlogChecksum.CRC32);
        assertThat(out.readableBytes()).isEqualTo(4 + size);
        assertThat(out.getIntLE(4 + EventHeader.EVENT_SIZE_OFFSET)).isEqualTo(31);
        assertThat(out.getIntLE(4 + EventHeader.LOG_POS_OFFSET)).isEqualTo(35);
    }

    @Test
    void headerRoundTrip() {
        EventHeader header = new EventHeader(0xfffffff0L, BinlogEventType.GTID, 0xfffffffeL, 42, 0xfffffff1L,
                EventFlags.SUPPRESS_USE | EventFlags.SKIP_REPLICATION);
        ByteBuf buf = Unpooled.buffer();
        header.encode(buf);
        assertThat(buf.readableBytes()).isEqualTo(EventHeader.SIZE);
        assertThat(EventHeader.decode(buf)).isEqualTo(header);
        assertThat(header.bodySize(BinlogChecksum.CRC32)).isEqualTo(19);
    }

    @Test
    void relocateRewritesEveryLogPosAndCrc() {
        // A cache serialized as if it started at offset 0, then copied to offset 1000 of a file.
        ByteBuf cache = Unpooled.buffer();
        int a = EventSerializer.serialize(cache, new AnnotateRowsEvent("INSERT INTO t VALUES (1)"), 5, 1, 0, 0,
                BinlogChecksum.CRC32);
        int b = EventSerializer.serialize(cache, new XidEvent(77), 5, 1, 0, a, BinlogChecksum.CRC32);
        byte[] region = new byte[10 + a + b + 3];
        cache.getBytes(0, region, 10, a + b);

        long end = EventSerializer.relocate(region, 10, a + b, 1000, BinlogChecksum.CRC32);

        ByteBuf expected = Unpooled.buffer();
        EventSerializer.serialize(expected, new AnnotateRowsEvent("INSERT INTO t VALUES (1)"), 5, 1, 0, 1000,
                BinlogChecksum.CRC32);
        EventSerializer.serialize(expected, new XidEvent(77), 5, 1, 0, 1000 + a, BinlogChecksum.CRC32);
        assertThat(end).isEqualTo(1000 + a + b);
        assertThat(Arrays.copyOfRange(region, 10, 10 + a + b)).isEqualTo(Bytes.toArray(expected));
        assertThat(region).startsWith(new byte[10]).endsWith(new byte[3]);
    }

    @Test
    void relocateWithoutChecksumOnlyTouchesLogPos() {
        ByteBuf cache = Unpooled.buffer();
        int a = EventSerializer.serialize(cache, new XidEvent(1), 5, 1, 0, 0, BinlogChecksum.NONE);
        EventSerializer.serialize(cache, new XidEvent(2), 5, 1, 0, a, BinlogChecksum.NONE);
        byte[] region = Bytes.toArray(cache);
        EventSerializer.relocate(region, 0, region.length, 4096, BinlogChecksum.NONE);
        ByteBuf relocated = Unpooled.wrappedBuffer(region);
        assertThat(relocated.getIntLE(EventHeader.LOG_POS_OFFSET)).isEqualTo(4096 + 27);
        assertThat(relocated.getIntLE(a + EventHeader.LOG_POS_OFFSET)).isEqualTo(4096 + 54);
        assertThat(region).hasSize(54);
    }

    @Test
    void relocateBeyondFourGigabytesTruncatesLogPosToThirtyTwoBits() {
        byte[] event = EventSerializer.serialize(new XidEvent(1), 0, 1, 0, 0, BinlogChecksum.CRC32);
        EventSerializer.relocate(event, 0, event.length, 0x1_0000_0000L, BinlogChecksum.CRC32);
        assertThat(Unpooled.wrappedBuffer(event).getIntLE(EventHeader.LOG_POS_OFFSET)).isEqualTo(31);
    }

    @Test
    void relocateRejectsRegionsWithoutWholeEvents() {
        byte[] event = EventSerializer.serialize(new XidEvent(1), 0, 1, 0, 0, BinlogChecksum.CRC32);
        assertThatThrownBy(() -> EventSerializer.relocate(event, 0, event.length - 1, 0, BinlogChecksum.CRC32))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EventSerializer.relocate(event, 0, 10, 0, BinlogChecksum.CRC32))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLargeRowsEventIsWrittenIntoABufferSizedOnceFromItsHint() {
        java.util.List<BinlogColumn> columns = java.util.List.of(
                BinlogColumn.integer("id", BinlogColumnType.LONGLONG, false, false),
                BinlogColumn.blob("b", 4, 63, true));
        byte[] before = new byte[3 << 20];
        byte[] after = new byte[3 << 20];
        Arrays.fill(after, (byte) 'x');
        RowsEvent e = RowsEvent.update(17, RowsEvent.STMT_END_F, columns,
                java.util.List.<Object[]>of(new Object[] {1L, before}),
                java.util.List.<Object[]>of(new Object[] {1L, after}));
        ByteBuf body = Unpooled.buffer();
        e.encode(body);
        assertThat(e.encodedSizeHint()).isBetween(body.readableBytes(), body.readableBytes() + 256);
        ByteBuf out = Unpooled.buffer(256);
        int size = EventSerializer.serialize(out, e, 1, 2, 0, 4096, BinlogChecksum.CRC32);
        assertThat(size).isEqualTo(19 + body.readableBytes() + 4);
        assertThat(out.capacity()).as("grown once, to the hint, not doubled past it")
                .isLessThanOrEqualTo(19 + e.encodedSizeHint() + 4);
    }
}
