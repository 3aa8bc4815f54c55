package io.basalt.protocol.binlog;

import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

import static io.basalt.protocol.binlog.BinlogColumnType.DATETIME2;
import static io.basalt.protocol.binlog.BinlogColumnType.INT24;
import static io.basalt.protocol.binlog.BinlogColumnType.LONG;
import static io.basalt.protocol.binlog.BinlogColumnType.LONGLONG;
import static io.basalt.protocol.binlog.BinlogColumnType.SHORT;
import static io.basalt.protocol.binlog.BinlogColumnType.TIME2;
import static io.basalt.protocol.binlog.BinlogColumnType.TIMESTAMP2;
import static io.basalt.protocol.binlog.BinlogColumnType.TINY;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whole events captured from a real mariadbd 10.11.19 (server_id 7, binlog_format=ROW, binlog_row_metadata=FULL,
 * time_zone UTC) and rebuilt byte for byte from Basalt's records: header, body and CRC.
 */
class CapturedMariaDbEventsTest {
    private static final long TS = 0x6b02b2efL;
    private static final int SERVER = 7;

    /** CREATE TABLE t (id INT NOT NULL PRIMARY KEY, ti TINYINT, …) as in the SQL the events were captured from. */
    private static final List<BinlogColumn> T = List.of(
            BinlogColumn.integer("id", LONG, false, false),
            BinlogColumn.integer("ti", TINY, false, true),
            BinlogColumn.integer("tu", TINY, true, true),
            BinlogColumn.integer("si", SHORT, false, true),
            BinlogColumn.integer("mi", INT24, true, true),
            BinlogColumn.integer("bi", LONGLONG, true, true),
            BinlogColumn.decimal("dc", 20, 6, false, true),
            BinlogColumn.floatColumn("f", true),
            BinlogColumn.doubleColumn("d", true),
            BinlogColumn.varchar("vc", 80, 45, true),
            BinlogColumn.varchar("vl", 400, 46, true),
            BinlogColumn.fixedString("ch", 5, 8, true),
            BinlogColumn.fixedString("bn", 4, BinlogColumn.BINARY_CHARSET, true),
            BinlogColumn.enumeration("e", List.of("a", "b", "c"), 8, true),
            BinlogColumn.blob("tx", 2, 8, true),
            BinlogColumn.blob("bl", 2, BinlogColumn.BINARY_CHARSET, true),
            BinlogColumn.json("j", true),
            BinlogColumn.date("dt", true),
            BinlogColumn.year("y", true),
            BinlogColumn.temporal("tm", TIME2, 3, true),
            BinlogColumn.temporal("dtt", DATETIME2, 6, true),
            BinlogColumn.temporal("ts", TIMESTAMP2, 2, true));

    private static byte[] event(BinlogEventBody body, long timestamp, int flags, long offset, BinlogChecksum cs) {
        return EventSerializer.serialize(body, timestamp, SERVER, flags, offset, cs);
    }

    @Test
    void formatDescription() {
        String hex = "e4b2026b0f07000000fc000000000100000000040031302e31312e31392d4d6172696144422d302b64656231327531"
                + "2d6c6f670000000000000000000000000000000000000000e4b2026b13380d000800120004040404120000e400041a08"
                + "000000080808020000000a0a0a0000000000000a0a0a" + "00".repeat(118)
                + "0004130400" + "0d0808080a0a0a012f3e3513";
        FormatDescriptionEvent fde = FormatDescriptionEvent.of("10.11.19-MariaDB-0+deb12u1-log", 0x6b02b2e4L,
                BinlogChecksum.CRC32);
        assertThat(Bytes.hexOf(event(fde, 0x6b02b2e4L, 0, 4, BinlogChecksum.CRC32))).isEqualTo(hex);
    }

    @Test
    void headerEventsOfAFile() {
        assertThat(Bytes.hexOf(event(new GtidListEvent(List.of()), 0x6b02b2e4L, 0, 256, BinlogChecksum.CRC32)))
                .isEqualTo("e4b2026ba3070000001d0000001d010000000000000000000073226d0d");
        assertThat(Bytes.hexOf(event(new BinlogCheckpointEvent("mbin.000001"), 0x6b02b2e4L, 0, 285,
                BinlogChecksum.CRC32)))
                .isEqualTo("e4b2026ba107000000260000004301000000000b0000006d62696e2e3030303030316d9359e2");
        assertThat(Bytes.hexOf(event(new GtidListEvent(List.of(new Gtid(0, 7, 13))), 0x6b02b3f6L, 0, 256,
                BinlogChecksum.CRC32)))
                .isEqualTo("f6b3026ba3070000002b0000002b01000000000100000000000000070000000d00000000000000f68b0742");
    }

    @Test
    void ddlGroup() {
        assertThat(Bytes.hexOf(event(GtidEvent.ddl(1, 0), TS, EventFlags.SUPPRESS_USE, 323, BinlogChecksum.CRC32)))
                .isEqualTo("efb2026ba2070000002a0000006d0100000800010000000000000000000000290000000000003e779a15");
        QueryEvent query = new QueryEvent(4, 0, 0, "d1", "CREATE DATABASE d1",
                QueryStatusVars.of(QueryStatusVars.DEFAULT_SQL_MODE, 33, 33, 8));
        assertThat(Bytes.hexOf(event(query, TS, EventFlags.SUPPRESS_USE, 365, BinlogChecksum.CRC32)))
                .isEqualTo("efb2026b020700000053000000c0010000080004000000000000000200001a0000000000010100002054"
                        + "00000000060373746404210021000800643100435245415445204441544142415345206431f5addb0a");
    }

    @Test
    void tableMapWithFullMetadata() {
        TableMapEvent map = new TableMapEvent(18, "d1", "t", T, List.of(0), true);
        // Types 03 01 01 02 09 08 f6 04 05 0f 0f fe fe fe fc fc fc 0a 0d 13 12 11; metadata 0x14 bytes; nullable
        // bitmap fe ff 3f; then SIGNEDNESS 2c 40 (tu, mi, bi and YEAR unsigned), COLUMN_CHARSET, COLUMN_NAME,
        // ENUM_AND_SET_DEFAULT_CHARSET latin1, ENUM_STR_VALUE a/b/c, SIMPLE_PRIMARY_KEY 0.
        assertThat(Bytes.hexOf(event(map, TS, 0, 1345, BinlogChecksum.CRC32))).isEqualTo(
                "efb2026b1307000000b1000000f2050000000012000000000001000264310001740016030101020908f604050f0ffe"
                + "fefefcfcfc0a0d131211141406040850009001fe05fe04f701020204030602feff3f01022c4003072d2e083f083f2e"
                + "043e026964027469027475027369026d690262690264630166016402766302766c02636802626e016502747802626c"
                + "016a026474017902746d036474740274730a0108060703016101620163080100999f6b69");
        assertThat(TableMapEvent.decode(Unpooled.wrappedBuffer(Bytes.hex(
                "120000000000010002643100017400160301010209"
                + "08f604050f0ffefefefcfcfc0a0d131211141406040850009001fe05fe04f701020204030602feff3f01022c400307"
                + "2d2e083f083f2e043e026964027469027475027369026d690262690264630166016402766302766c02636802626e01"
                + "6502747802626c016a026474017902746d036474740274730a0108060703016101620163080100")))).isEqualTo(map);
    }

    @Test
    void writeRowsWithEveryType() {
        Object[] row = {42, -5, 250, -300, 16777215, -1L, new BigDecimal("-12345.678901"), 1.5f, -2.25,
            "héllo", "x", "ab", "q\0\0\0", 2, "text", "blob", "{\"a\":1}", LocalDate.of(2024, 2, 29), 2024,
            Duration.ofHours(-838).minusMinutes(59).minusSeconds(59).minusMillis(999),
            LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000), Instant.parse("2024-01-02T03:04:05.12Z")};
        RowsEvent rows = RowsEvent.write(18, RowsEvent.STMT_END_F, T, List.<Object[]>of(row));
        // NULL bitmap 00 00 c0: no NULLs, the two unused bits set as MariaDB leaves them.
        assertThat(Bytes.hexOf(event(rows, TS, 0, 1522, BinlogChecksum.CRC32))).isEqualTo(
                "efb2026b17070000008c0000007e0600000000120000000000010016ffff3f0000c02a000000fbfad4feffffffffff"
                + "ffffffffffff7fffffffffcfc6f5a40a0000c03f00000000000002c00668c3a96c6c6f0100780261620171020400"
                + "746578740400626c6f62070000007b2261223a317d5dd00f7c4b9104d8fa99b244310501e24065937d250ce292"
                + "ae92");
    }

    @Test
    void updateRowsWithNulls() {
        Object[] before = new Object[T.size()];
        before[0] = 1;
        Object[] after = before.clone();
        after[1] = 7;
        RowsEvent rows = RowsEvent.update(18, RowsEvent.STMT_END_F, T, List.<Object[]>of(before),
                List.<Object[]>of(after));
        assertThat(Bytes.hexOf(event(rows, TS, 0, 2311, BinlogChecksum.CRC32))).isEqualTo(
                "efb2026b1807000000350000003c0900000000120000000000010016ffff3fffff3ffeffff01000000fcffff01000000"
                + "07f301e22f");
    }

    @Test
    void xidRotateAndStop() {
        assertThat(Bytes.hexOf(event(new XidEvent(5), TS, 0, 1662, BinlogChecksum.CRC32)))
                .isEqualTo("efb2026b10070000001f0000009d06000000000500000000000000de826f2c");
        // From a binlog_checksum=NONE file: no trailer.
        assertThat(Bytes.hexOf(event(new RotateEvent(4, "mbin.000004"), 0x6b02b3f6L, 0, 909, BinlogChecksum.NONE)))
                .isEqualTo("f6b3026b040700000026000000b3030000000004000000000000006d62696e2e303030303034");
        assertThat(Bytes.hexOf(event(new StopEvent(), 0x6b02b3f7L, 0, 375, BinlogChecksum.CRC32)))
                .isEqualTo("f7b3026b0307000000170000008e010000000044d45f5a");
    }
}
