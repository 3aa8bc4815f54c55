package io.basalt.protocol.binlog;

import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.protocol.binlog.BinlogColumnType.LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class TableMapEventTest {

    private static ByteBuf encode(TableMapEvent map) {
        ByteBuf out = Unpooled.buffer();
        map.encode(out);
        return out;
    }

    @Test
    void layoutWithoutOptionalMetadata() {
        List<BinlogColumn> columns = List.of(BinlogColumn.integer("id", LONG, false, false),
                BinlogColumn.varchar("v", 300, 8, true),
                BinlogColumn.fixedString("c", 400, 45, true),
                BinlogColumn.decimal("d", 10, 2, false, false),
                BinlogColumn.temporal("t", BinlogColumnType.DATETIME2, 3, true));
        TableMapEvent map = new TableMapEvent(0x010203040506L, "db", "tbl", columns, List.of(), false);
        byte[] expected = Bytes.of()
                .int4(0x03040506).int2(0x0102).int2(1)               // table id (6), TM_BIT_LEN_EXACT_F
                .int1(2).cstr("db").int1(3).cstr("tbl")
                .int1(5).hexBytes("03 0f fe f6 12")                 // lenenc count, types
                .int1(7)                                             // metadata length
                .int2(300)                                           // VARCHAR max bytes, little-endian
                // CHAR of 400 bytes: 0xfe ^ ((400 & 0x300) >> 4) = 0xee, then 400 & 0xff = 0x90.
                .hexBytes("ee 90")
                .hexBytes("0a 02")                                   // DECIMAL precision, scale
                .int1(3)                                             // DATETIME2 fsp
                .int1(0b10110)                                       // nullable: columns 1, 2, 4
                .array();
        ByteBuf out = encode(map);
        assertThat(Bytes.toArray(out)).isEqualTo(expected);
        TableMapEvent back = TableMapEvent.decode(out);
        assertThat(back.optionalMetadata()).isFalse();
        assertThat(back.columns()).extracting(BinlogColumn::type, BinlogColumn::meta, BinlogColumn::nullable)
                .containsExactly(
                        tuple(LONG, 0, false),
                        tuple(BinlogColumnType.VARCHAR, 300, true),
                        tuple(BinlogColumnType.STRING, 400, true),
                        tuple(BinlogColumnType.NEWDECIMAL, 0x0a02, false),
                        tuple(BinlogColumnType.DATETIME2, 3, true));
    }

    @Test
    void optionalMetadataRoundTrip() {
        List<BinlogColumn> columns = List.of(BinlogColumn.integer("id", LONG, true, false),
                BinlogColumn.varchar("a", 20, 8, true),
                BinlogColumn.varchar("b", 20, 45, true),
                BinlogColumn.varchar("c", 20, 8, true),
                BinlogColumn.enumeration("e", List.of("x", "yy"), 45, true),
                BinlogColumn.year("y", true));
        TableMapEvent map = new TableMapEvent(9, "d", "t", columns, List.of(0, 3), true);
        ByteBuf out = encode(map);
        // SIGNEDNESS over id and YEAR (both unsigned): 0b11000000.
        assertThat(Bytes.hexOf(out)).contains("0101c0");
        // Charsets 8, 45, 8: DEFAULT_CHARSET (1 + 1·2 = 3 ≤ 3 columns) = default 8, exception (index 1, 45).
        assertThat(Bytes.hexOf(out)).contains("020308012d");
        assertThat(TableMapEvent.decode(out)).isEqualTo(map);
    }

    @Test
    void signednessCoversNumericColumnsMostSignificantBitFirst() {
        List<BinlogColumn> columns = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            columns.add(BinlogColumn.integer("c" + i, LONG, i == 0 || i == 8, false));
        }
        columns.add(1, BinlogColumn.varchar("s", 5, 8, false));
        ByteBuf out = encode(new TableMapEvent(1, "d", "t", columns, List.of(), true));
        // 9 numeric columns (the VARCHAR is skipped): c0 -> bit 0x80 of byte 0, c8 -> 0x80 of byte 1.
        assertThat(Bytes.hexOf(out)).contains("01028080");
        assertThat(TableMapEvent.decode(out).columns()).extracting(BinlogColumn::unsigned)
                .containsExactly(true, false, false, false, false, false, false, false, false, true);
    }

    @Test
    void perColumnCharsetsWhenNoCollationDominates() {
        List<BinlogColumn> columns = List.of(BinlogColumn.varchar("a", 5, 8, false),
                BinlogColumn.varchar("b", 5, 45, false), BinlogColumn.blob("c", 2, 63, false));
        ByteBuf out = encode(new TableMapEvent(1, "d", "t", columns, List.of(), true));
        // 3 < 1 + 2·2: COLUMN_CHARSET (3) with one id per character column.
        assertThat(Bytes.hexOf(out)).contains("0303082d3f");
        assertThat(TableMapEvent.decode(out).columns()).extracting(BinlogColumn::charsetId).containsExactly(8, 45, 63);
    }

    @Test
    void longMetadataGetsALengthEncodedLength() {
        List<BinlogColumn> columns = new ArrayList<>();
        for (int i = 0; i < 130; i++) {
            columns.add(BinlogColumn.varchar("v" + i, 10, 8, true));
        }
        TableMapEvent map = new TableMapEvent(1, "d", "t", columns, List.of(), true);
        ByteBuf out = encode(map);
        // 130 columns: lenenc count 0x82, VARCHAR types 0x0f; 260 metadata bytes: 0xfc 0x04 0x01.
        // Post-header 8, "d" and "t" 3 bytes each, then count, types and the metadata length.
        assertThat(Bytes.hexOf(out.slice(8 + 3 + 3, 1 + 130 + 3))).startsWith("820f0f").endsWith("fc0401");
        assertThat(TableMapEvent.decode(out)).isEqualTo(map);
    }
}
