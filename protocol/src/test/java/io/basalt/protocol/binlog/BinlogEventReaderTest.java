package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BinlogEventReaderTest {

    /**
     * magic, FDE (252), Gtid_list (29), Binlog_checkpoint (44), GTID (42), Xid (31): offsets 4, 256, 285, 329, 371,
     * end 402.
     */
    private static byte[] smallFile(BinlogChecksum checksum) {
        ByteBuf out = Unpooled.buffer();
        BinlogMagic.write(out);
        List<BinlogEventBody> events = List.of(FormatDescriptionEvent.of("10.11.6-MariaDB", 1, checksum),
                new GtidListEvent(List.of()), new BinlogCheckpointEvent("basalt-bin.000001"),
                GtidEvent.transaction(1, 0, 0), new XidEvent(9));
        for (BinlogEventBody event : events) {
            int flags = event instanceof FormatDescriptionEvent ? EventFlags.BINLOG_IN_USE : 0;
            EventSerializer.serialize(out, event, 1, 1, flags, out.writerIndex(), checksum);
        }
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        return bytes;
    }

    private static List<BinlogEvent> readAll(BinlogEventReader reader) {
        List<BinlogEvent> events = new ArrayList<>();
        BinlogEvent e;
        while ((e = reader.next()) != null) {
            events.add(e);
        }
        return events;
    }

    @Test
    void readsAFileAndFollowsTheFdeChecksum() {
        byte[] file = smallFile(BinlogChecksum.CRC32);
        BinlogEventReader reader = BinlogEventReader.ofFile(Unpooled.wrappedBuffer(file));
        List<BinlogEvent> events = readAll(reader);
        assertThat(events).extracting(e -> e.header().type()).containsExactly(BinlogEventType.FORMAT_DESCRIPTION,
                BinlogEventType.GTID_LIST, BinlogEventType.BINLOG_CHECKPOINT, BinlogEventType.GTID,
                BinlogEventType.XID);
        assertThat(events).extracting(BinlogEvent::offset).containsExactly(4L, 256L, 285L, 329L, 371L);
        assertThat(events).allSatisfy(e -> assertThat(e.header().logPos()).isEqualTo(e.end()));
        assertThat(reader.position()).isEqualTo(file.length).isEqualTo(402);
        assertThat(reader.checksum()).isEqualTo(BinlogChecksum.CRC32);
        assertThat(reader.formatDescription().serverVersion()).isEqualTo("10.11.6-MariaDB");
        assertThat(events.get(4).decode()).isEqualTo(new XidEvent(9));
        assertThat(events.get(4).body().readableBytes()).isEqualTo(8);
        assertThat(events.get(4).bytes().readableBytes()).isEqualTo(31);
    }

    @Test
    void readsAFileWithoutChecksums() {
        byte[] file = smallFile(BinlogChecksum.NONE);
        BinlogEventReader reader = BinlogEventReader.ofFile(Unpooled.wrappedBuffer(file));
        List<BinlogEvent> events = readAll(reader);
        assertThat(events).hasSize(5);
        assertThat(reader.checksum()).isEqualTo(BinlogChecksum.NONE);
        assertThat(events.get(4).decode()).isEqualTo(new XidEvent(9));
    }

    @Test
    void tornTailIsReportedAtTheLastGoodEnd() {
        byte[] file = smallFile(BinlogChecksum.CRC32);
        for (int cut : new int[] {file.length - 1, 371 + 18, 371 + 5}) {
            BinlogEventReader reader = BinlogEventReader.ofFile(Unpooled.wrappedBuffer(Arrays.copyOf(file, cut)));
            assertThat(readAll4(reader)).hasSize(4);
            assertThatThrownBy(reader::next).isInstanceOf(TornEventException.class)
                    .extracting(e -> ((BinlogReadException) e).offset()).isEqualTo(371L);
            assertThat(reader.position()).isEqualTo(371);
        }
    }

    private static List<BinlogEvent> readAll4(BinlogEventReader reader) {
        List<BinlogEvent> events = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            events.add(reader.next());
        }
        return events;
    }

    @Test
    void crcMismatchIsCorruptionNotATornTail() {
        byte[] file = smallFile(BinlogChecksum.CRC32);
        file[329 + 19] ^= 1;
        BinlogEventReader reader = BinlogEventReader.ofFile(Unpooled.wrappedBuffer(file));
        for (int i = 0; i < 3; i++) {
            reader.next();
        }
        assertThatThrownBy(reader::next).isInstanceOf(CorruptEventException.class).hasMessageContaining("CRC32")
                .extracting(e -> ((BinlogReadException) e).offset()).isEqualTo(329L);
    }

    @Test
    void clearedInUseFlagKeepsTheFdeValidButOtherFlippedBitsDoNot() {
        byte[] file = smallFile(BinlogChecksum.CRC32);
        file[4 + EventHeader.FLAGS_OFFSET] = 0;
        assertThat(readAll(BinlogEventReader.ofFile(Unpooled.wrappedBuffer(file)))).hasSize(5);
        file[4 + 30] ^= 0x40;
        assertThatThrownBy(() -> BinlogEventReader.ofFile(Unpooled.wrappedBuffer(file)).next())
                .isInstanceOf(CorruptEventException.class);
    }

    @Test
    void sizeBelowAHeaderIsCorrupt() {
        byte[] file = smallFile(BinlogChecksum.NONE);
        file[256 + EventHeader.EVENT_SIZE_OFFSET] = 5;
        BinlogEventReader reader = BinlogEventReader.ofFile(Unpooled.wrappedBuffer(file));
        reader.next();
        assertThatThrownBy(reader::next).isInstanceOf(CorruptEventException.class);
    }

    @Test
    void magicIsChecked() {
        assertThatThrownBy(() -> BinlogEventReader.ofFile(Unpooled.wrappedBuffer(new byte[] {1, 2, 3, 4, 5})))
                .isInstanceOf(CorruptEventException.class);
        assertThatThrownBy(() -> BinlogEventReader.ofFile(Unpooled.wrappedBuffer(new byte[] {(byte) 0xfe, 'b'})))
                .isInstanceOf(TornEventException.class);
        assertThat(BinlogEventReader.ofFile(Unpooled.wrappedBuffer(BinlogMagic.bytes())).next()).isNull();
    }

    @Test
    void readsEventsOfACacheAtTheirFileOffset() {
        ByteBuf cache = Unpooled.buffer();
        int a = EventSerializer.serialize(cache, new AnnotateRowsEvent("DELETE FROM t"), 1, 1, 0, 1000,
                BinlogChecksum.CRC32);
        EventSerializer.serialize(cache, new XidEvent(3), 1, 1, 0, 1000 + a, BinlogChecksum.CRC32);
        List<BinlogEvent> events = readAll(BinlogEventReader.ofEvents(cache, 1000, BinlogChecksum.CRC32));
        assertThat(events).extracting(BinlogEvent::offset).containsExactly(1000L, 1000L + a);
        assertThat(events.get(0).decode()).isEqualTo(new AnnotateRowsEvent("DELETE FROM t"));
    }

    @Test
    void readsFromAFileChannelAndARange(@TempDir Path dir) throws IOException {
        byte[] file = smallFile(BinlogChecksum.CRC32);
        Path path = dir.resolve("basalt-bin.000001");
        Files.write(path, Arrays.copyOf(file, file.length - 3));
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            BinlogEventReader reader = BinlogEventReader.ofFile(channel);
            List<BinlogEventBody> bodies = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                bodies.add(reader.next().decode());
            }
            assertThat(bodies.get(3)).isEqualTo(GtidEvent.transaction(1, 0, 0));
            assertThatThrownBy(reader::next).isInstanceOf(TornEventException.class);

            BinlogEventReader range = BinlogEventReader.ofRange(channel, 285, 371, BinlogChecksum.CRC32);
            assertThat(range.next().decode()).isEqualTo(new BinlogCheckpointEvent("basalt-bin.000001"));
            assertThat(range.next().header().type()).isEqualTo(BinlogEventType.GTID);
            assertThat(range.next()).isNull();
        }
        Files.write(path, file);
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            BinlogEventReader tail = BinlogEventReader.ofRange(channel, 329, 371, BinlogChecksum.CRC32);
            assertThat(tail.next().header().type()).isEqualTo(BinlogEventType.GTID);
            assertThat(tail.next()).as("nothing published yet").isNull();
            tail.extendTo(file.length);
            assertThat(tail.next().decode()).isEqualTo(new XidEvent(9));
        }
    }

    /** magic, FDE, then Annotate_rows events of the given query lengths. */
    private static byte[] fileOfAnnotations(int... queryLengths) {
        ByteBuf out = Unpooled.buffer();
        BinlogMagic.write(out);
        EventSerializer.serialize(out, FormatDescriptionEvent.of("10.11.6-MariaDB", 1, BinlogChecksum.CRC32), 1, 1, 0,
                out.writerIndex(), BinlogChecksum.CRC32);
        for (int i = 0; i < queryLengths.length; i++) {
            String query = String.valueOf((char) ('a' + i % 26)).repeat(queryLengths[i]);
            EventSerializer.serialize(out, new AnnotateRowsEvent(query), 1, 1, 0, out.writerIndex(),
                    BinlogChecksum.CRC32);
        }
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        return bytes;
    }

    @Test
    void aFileChannelIsReadAheadAcrossWindowEdgesAndThroughAnEventLargerThanTheWindow(@TempDir Path dir)
            throws IOException {
        int window = ReadAheadWindow.WINDOW;
        int[] lengths = new int[40];
        Arrays.fill(lengths, window / 16 + 7); // events straddle every window edge
        lengths[20] = window + window / 2;
        byte[] file = fileOfAnnotations(lengths);
        Path path = dir.resolve("basalt-bin.000001");
        Files.write(path, file);
        List<BinlogEvent> expected = readAll(BinlogEventReader.ofFile(Unpooled.wrappedBuffer(file)));
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            BinlogEventReader reader = BinlogEventReader.ofFile(channel);
            for (BinlogEvent want : expected) {
                BinlogEvent got = reader.next();
                assertThat(got.offset()).isEqualTo(want.offset());
                assertThat(got.decode()).isEqualTo(want.decode());
            }
            assertThat(reader.next()).isNull();
            assertThat(reader.position()).isEqualTo(file.length);
        }
    }

    @Test
    void aTailedFileIsNeverReadAheadPastTheLimitSoBytesWrittenLaterAreSeen(@TempDir Path dir) throws IOException {
        byte[] file = fileOfAnnotations(100, 200, 300);
        List<BinlogEvent> events = readAll(BinlogEventReader.ofFile(Unpooled.wrappedBuffer(file)));
        long published = events.get(3).offset(); // FDE and two Annotate_rows are published, the third is not
        byte[] unpublished = file.clone();
        Arrays.fill(unpublished, (int) published, file.length, (byte) 0x5a); // what a writer had not finished
        Path path = dir.resolve("basalt-bin.000001");
        Files.write(path, unpublished);
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            BinlogEventReader tail = BinlogEventReader.ofRange(channel, 4, published, BinlogChecksum.NONE);
            assertThat(readAll(tail)).hasSize(3);
            channel.write(ByteBuffer.wrap(file, (int) published, file.length - (int) published), published);
            tail.extendTo(file.length);
            assertThat(tail.next().decode()).isEqualTo(new AnnotateRowsEvent("c".repeat(300)));
            assertThat(tail.next()).isNull();
        }
    }

    @Test
    void rowsEventsDecodeWithTheirTableMap() {
        List<BinlogColumn> columns = List.of(BinlogColumn.integer("id", BinlogColumnType.LONG, false, false));
        TableMapEvent map = new TableMapEvent(4, "d", "t", columns);
        ByteBuf buf = Unpooled.buffer();
        int a = EventSerializer.serialize(buf, map, 1, 1, 0, 0, BinlogChecksum.CRC32);
        EventSerializer.serialize(buf, RowsEvent.write(4, RowsEvent.STMT_END_F, columns,
                List.<Object[]>of(new Object[] {7})), 1, 1, 0, a, BinlogChecksum.CRC32);
        BinlogEventReader reader = BinlogEventReader.ofEvents(buf, 0, BinlogChecksum.CRC32);
        TableMapEvent readMap = (TableMapEvent) reader.next().decode();
        BinlogEvent rows = reader.next();
        assertThat(rows.decodeRows(readMap).after().get(0)).containsExactly(7L);
        assertThatThrownBy(rows::decode).isInstanceOf(IllegalStateException.class);
    }
}
