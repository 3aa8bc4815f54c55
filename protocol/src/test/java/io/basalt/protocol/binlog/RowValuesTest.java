package io.basalt.protocol.binlog;

import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Row-image value encodings (spec §2.10) and encode→decode round trips for every column type. */
class RowValuesTest {

    private static String hex(Object value, BinlogColumn column) {
        ByteBuf out = Unpooled.buffer();
        RowValueCodec.write(out, value, column);
        return Bytes.hexOf(out);
    }

    private static Object roundTrip(Object value, BinlogColumn column) {
        ByteBuf out = Unpooled.buffer();
        RowValueCodec.write(out, value, column);
        Object back = RowValueCodec.read(out, column);
        assertThat(out.isReadable()).as("all bytes consumed").isFalse();
        return back;
    }

    @Test
    void integersAreLittleEndianTwosComplement() {
        assertThat(hex(-1, BinlogColumn.integer("c", TINY, false, false))).isEqualTo("ff");
        assertThat(hex(-300, BinlogColumn.integer("c", SHORT, false, false))).isEqualTo("d4fe");
        assertThat(hex(0x123456, BinlogColumn.integer("c", INT24, false, false))).isEqualTo("563412");
        assertThat(hex(42, BinlogColumn.integer("c", LONG, false, false))).isEqualTo("2a000000");
        assertThat(hex(-1L, BinlogColumn.integer("c", LONGLONG, true, false))).isEqualTo("ffffffffffffffff");
        assertThat(hex(true, BinlogColumn.integer("c", TINY, false, false))).isEqualTo("01");
    }

    @Test
    void integerRoundTripsAtTheLimits() {
        assertThat(roundTrip(-128, BinlogColumn.integer("c", TINY, false, false))).isEqualTo(-128L);
        assertThat(roundTrip(255, BinlogColumn.integer("c", TINY, true, false))).isEqualTo(255L);
        assertThat(roundTrip(-32768, BinlogColumn.integer("c", SHORT, false, false))).isEqualTo(-32768L);
        assertThat(roundTrip(65535, BinlogColumn.integer("c", SHORT, true, false))).isEqualTo(65535L);
        assertThat(roundTrip(-8388608, BinlogColumn.integer("c", INT24, false, false))).isEqualTo(-8388608L);
        assertThat(roundTrip(16777215, BinlogColumn.integer("c", INT24, true, false))).isEqualTo(16777215L);
        assertThat(roundTrip(Integer.MIN_VALUE, BinlogColumn.integer("c", LONG, false, false)))
                .isEqualTo((long) Integer.MIN_VALUE);
        assertThat(roundTrip(4294967295L, BinlogColumn.integer("c", LONG, true, false))).isEqualTo(4294967295L);
        assertThat(roundTrip(Long.MIN_VALUE, BinlogColumn.integer("c", LONGLONG, false, false)))
                .isEqualTo(Long.MIN_VALUE);
        assertThat(roundTrip(-1L, BinlogColumn.integer("c", LONGLONG, true, false)))
                .as("unsigned max as raw bits").isEqualTo(-1L);
    }

    @Test
    void decimalUsesMysqlBinaryFormat() {
        // MySQL's decimal2bin example, DECIMAL(14,4) 1234567890.1234: 10 integer digits = 1 leftover digit
        // (1 byte: 01) + one 9-digit word (234567890 = 0x0DFB38D2); 4 fraction digits = 2 bytes (1234 = 0x04D2).
        // Positive: the first byte gets 0x80 flipped on -> 81 0D FB 38 D2 04 D2.
        BinlogColumn d = BinlogColumn.decimal("c", 14, 4, false, false);
        assertThat(hex(new BigDecimal("1234567890.1234"), d)).isEqualTo("810dfb38d204d2");
        // Negative: every byte inverted, then the top bit flipped -> 7E F2 04 C7 2D FB 2D.
        assertThat(hex(new BigDecimal("-1234567890.1234"), d)).isEqualTo("7ef204c72dfb2d");
        // DECIMAL(20,6) -12345.678901 as captured from MariaDB: 14 int digits = 5 leftover (3 bytes) + 1 word.
        assertThat(hex(new BigDecimal("-12345.678901"), BinlogColumn.decimal("c", 20, 6, false, false)))
                .isEqualTo("7fffffffffcfc6f5a40a");
        assertThat(hex(BigDecimal.ZERO, BinlogColumn.decimal("c", 5, 2, false, false))).isEqualTo("800000");
    }

    @Test
    void decimalRoundTrips() {
        List<String[]> cases = List.of(
                new String[] {"65", "30", "-12345678901234567890123456789012345.123456789012345678901234567891"},
                new String[] {"65", "30", "99999999999999999999999999999999999.999999999999999999999999999999"},
                new String[] {"10", "0", "-1234567890"},
                new String[] {"5", "5", "-0.12345"},
                new String[] {"18", "9", "999999999.999999999"},
                new String[] {"1", "0", "-9"},
                new String[] {"38", "10", "-0.0000000001"},
                new String[] {"12", "2", "0.00"});
        for (String[] c : cases) {
            BinlogColumn column = BinlogColumn.decimal("c", Integer.parseInt(c[0]), Integer.parseInt(c[1]), false,
                    false);
            BigDecimal value = new BigDecimal(c[2]);
            assertThat(roundTrip(value, column)).as("DECIMAL(%s,%s) %s", c[0], c[1], c[2]).isEqualTo(value);
            ByteBuf out = Unpooled.buffer();
            RowValueCodec.write(out, value, column);
            assertThat(out.readableBytes()).isEqualTo(BinlogDecimal.size(column.precision(), column.scale()));
        }
    }

    @Test
    void decimalIsRoundedToScaleAndRejectsOverflow() {
        BinlogColumn d = BinlogColumn.decimal("c", 4, 2, false, false);
        assertThat(roundTrip(new BigDecimal("1.005"), d)).isEqualTo(new BigDecimal("1.01"));
        assertThat(roundTrip(3, d)).isEqualTo(new BigDecimal("3.00"));
        assertThatThrownBy(() -> hex(new BigDecimal("100.00"), d)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void floatingPoint() {
        assertThat(hex(1.5, BinlogColumn.floatColumn("c", false))).isEqualTo("0000c03f");
        assertThat(hex(-2.25, BinlogColumn.doubleColumn("c", false))).isEqualTo("00000000000002c0");
        assertThat(roundTrip(1.5f, BinlogColumn.floatColumn("c", false))).isEqualTo(1.5);
        assertThat(roundTrip(Double.MAX_VALUE, BinlogColumn.doubleColumn("c", false))).isEqualTo(Double.MAX_VALUE);
    }

    @Test
    void varcharLengthPrefixDependsOnMaximumByteLength() {
        assertThat(hex("ab", BinlogColumn.varchar("c", 255, 8, false))).isEqualTo("026162");
        assertThat(hex("ab", BinlogColumn.varchar("c", 256, 8, false))).isEqualTo("02006162");
        byte[] long300 = "z".repeat(300).getBytes(StandardCharsets.US_ASCII);
        assertThat((byte[]) roundTrip(long300, BinlogColumn.varchar("c", 300, 8, false))).isEqualTo(long300);
        assertThat((byte[]) roundTrip("héllo", BinlogColumn.varchar("c", 80, 45, false)))
                .isEqualTo("héllo".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> hex("abc", BinlogColumn.varchar("c", 2, 8, false)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fixedStringsDropTheirPadding() {
        assertThat(hex("ab   ", BinlogColumn.fixedString("c", 5, 8, false))).isEqualTo("026162");
        assertThat(hex(new byte[] {'q', 0, 0, 0}, BinlogColumn.fixedString("c", 4, 63, false))).isEqualTo("0171");
        assertThat(hex("q ", BinlogColumn.fixedString("c", 4, 63, false))).isEqualTo("027120");
        // CHAR(100) utf8mb4 = 400 bytes: two length bytes.
        assertThat(hex("ab", BinlogColumn.fixedString("c", 400, 45, false))).isEqualTo("02006162");
    }

    @Test
    void enumIndexUsesItsPackLength() {
        List<String> three = List.of("a", "b", "c");
        assertThat(hex(2, BinlogColumn.enumeration("c", three, 8, false))).isEqualTo("02");
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            many.add("v" + i);
        }
        assertThat(hex(300, BinlogColumn.enumeration("c", many, 8, false))).isEqualTo("2c01");
        assertThat(roundTrip(300, BinlogColumn.enumeration("c", many, 8, false))).isEqualTo(300);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void blobLengthBytesFollowMetadata(int lengthBytes) {
        BinlogColumn blob = BinlogColumn.blob("c", lengthBytes, 63, false);
        String expected = "03" + "00".repeat(lengthBytes - 1) + "616263";
        assertThat(hex("abc", blob)).isEqualTo(expected);
        assertThat((byte[]) roundTrip(new byte[] {1, 0, 2}, blob)).containsExactly(1, 0, 2);
    }

    @Test
    void tinyBlobRejectsMoreThan255Bytes() {
        assertThatThrownBy(() -> hex(new byte[256], BinlogColumn.blob("c", 1, 63, false)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void dateAndYear() {
        // 2024-02-29: 29 | 2 << 5 | 2024 << 9 = 0x0FD05D, little-endian 5d d0 0f.
        assertThat(hex(LocalDate.of(2024, 2, 29), BinlogColumn.date("c", false))).isEqualTo("5dd00f");
        assertThat(roundTrip(LocalDate.of(1000, 1, 1), BinlogColumn.date("c", false)))
                .isEqualTo(LocalDate.of(1000, 1, 1));
        assertThat(hex(2024, BinlogColumn.year("c", false))).isEqualTo("7c");
        assertThat(hex(0, BinlogColumn.year("c", false))).isEqualTo("00");
        assertThat(roundTrip(1901, BinlogColumn.year("c", false))).isEqualTo(1901);
        assertThat(roundTrip(2155, BinlogColumn.year("c", false))).isEqualTo(2155);
        assertThat(roundTrip(0, BinlogColumn.year("c", false))).isEqualTo(0);
    }

    @Test
    void datetime2Layout() {
        // 2024-01-02 03:04:05: ((2024*13+1) << 22 | 2 << 17 | 3 << 12 | 4 << 6 | 5) + 0x8000000000 = 99 b2 44 31 05.
        BinlogColumn dt0 = BinlogColumn.temporal("c", DATETIME2, 0, false);
        assertThat(hex(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000), dt0)).isEqualTo("99b2443105");
        BinlogColumn dt6 = BinlogColumn.temporal("c", DATETIME2, 6, false);
        assertThat(hex(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000), dt6)).isEqualTo("99b24431 05 01e240"
                .replace(" ", ""));
        BinlogColumn dt2 = BinlogColumn.temporal("c", DATETIME2, 2, false);
        assertThat(hex(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 129_000_000), dt2)).isEqualTo("99b24431050c");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6})
    void temporalRoundTripsAtEveryPrecision(int fsp) {
        int unit = new int[] {1_000_000, 100_000, 10_000, 1000, 100, 10, 1}[fsp];
        int micros = 987_654 / unit * unit;
        BinlogColumn dt = BinlogColumn.temporal("c", DATETIME2, fsp, false);
        assertThat(roundTrip(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 987_654_321), dt))
                .isEqualTo(LocalDateTime.of(9999, 12, 31, 23, 59, 59, micros * 1000));
        assertThat(roundTrip(LocalDateTime.of(1000, 1, 1, 0, 0), dt)).isEqualTo(LocalDateTime.of(1000, 1, 1, 0, 0));

        BinlogColumn ts = BinlogColumn.temporal("c", TIMESTAMP2, fsp, false);
        assertThat(roundTrip(Instant.ofEpochSecond(2147483647L, 987_654_321), ts))
                .isEqualTo(Instant.ofEpochSecond(2147483647L, micros * 1000L));

        BinlogColumn time = BinlogColumn.temporal("c", TIME2, fsp, false);
        for (Duration d : List.of(Duration.ZERO, Duration.ofSeconds(1), Duration.ofHours(838).plusMinutes(59)
                .plusSeconds(59), Duration.ofSeconds(3723, 987_654_000))) {
            Duration truncated = Duration.ofSeconds(d.getSeconds(), d.getNano() / 1000 / unit * unit * 1000L);
            assertThat(roundTrip(d, time)).as("%s fsp %d", d, fsp).isEqualTo(truncated);
            assertThat(roundTrip(d.negated(), time)).as("-%s fsp %d", d, fsp).isEqualTo(truncated.negated());
        }
        Duration tiny = Duration.ofNanos(unit * 1000L);
        assertThat(roundTrip(tiny.negated(), time)).as("smallest negative").isEqualTo(tiny.negated());
    }

    @Test
    void negativeTime2Layouts() {
        // Bytes as MariaDB 10.11 wrote them for TIME(0..6) columns (captured); derivation per MySQL's
        // my_time_packed_to_binary: fsp 0-4 store (packed >> 24) + 0x800000 then the signed remainder's fraction.
        // -01:02:03.004: hms = 1 << 12 | 2 << 6 | 3 = 0x1083; -(0x1083 << 24 | 4000) >> 24 = -0x1084 -> 7fef7c;
        // remainder -4000 / 100 = -40 -> ffd8.
        assertThat(hex(Duration.ofSeconds(-1), BinlogColumn.temporal("c", TIME2, 0, false))).isEqualTo("7fffff");
        assertThat(hex(Duration.ofMillis(-1100), BinlogColumn.temporal("c", TIME2, 1, false))).isEqualTo("7ffffef6");
        assertThat(hex(Duration.ofMillis(-10), BinlogColumn.temporal("c", TIME2, 2, false))).isEqualTo("7fffffff");
        assertThat(hex(Duration.ofMillis(-3723004), BinlogColumn.temporal("c", TIME2, 3, false)))
                .isEqualTo("7fef7cffd8");
        assertThat(hex(Duration.ofNanos(-1000), BinlogColumn.temporal("c", TIME2, 6, false)))
                .isEqualTo("7fffffffffff");
        assertThat(hex(Duration.ofHours(838).plusMinutes(59).plusSeconds(59), BinlogColumn.temporal("c", TIME2, 0,
                false))).isEqualTo("b46efb");
    }

    @Test
    void timestamp2IsBigEndianEpochSeconds() {
        assertThat(hex(Instant.parse("2024-01-02T03:04:05.12Z"), BinlogColumn.temporal("c", TIMESTAMP2, 2, false)))
                .isEqualTo("65937d250c");
    }

    @Test
    void rowsEventRoundTripWithNullsInEveryColumn() {
        List<BinlogColumn> columns = allTypes();
        Object[] full = {-5, 250, -300, 65535, -8388608, 16777215, Integer.MIN_VALUE, 4294967295L, Long.MIN_VALUE,
            -1L, new BigDecimal("-99999999.99"), 0.5f, 1e300, "vc", new byte[] {0, 1}, "ch", 2, "text",
            "{\"k\":[1,2]}", LocalDate.of(2000, 1, 1), 1999, Duration.ofMillis(-1500),
            LocalDateTime.of(2020, 6, 15, 12, 0, 1, 500_000_000), Instant.ofEpochSecond(1_600_000_000L, 250_000_000)};
        List<Object[]> rows = new ArrayList<>();
        rows.add(full);
        rows.add(new Object[columns.size()]);
        for (int i = 0; i < columns.size(); i++) {
            Object[] oneNull = full.clone();
            oneNull[i] = null;
            rows.add(oneNull);
        }
        RowsEvent write = RowsEvent.write(5, RowsEvent.STMT_END_F, columns, rows);
        ByteBuf out = Unpooled.buffer();
        write.encode(out);
        RowsEvent back = RowsEvent.decode(BinlogEventType.WRITE_ROWS_V1, out, columns);
        assertThat(back.tableId()).isEqualTo(5);
        assertThat(back.flags()).isEqualTo(RowsEvent.STMT_END_F);
        assertThat(back.before()).isEmpty();
        assertThat(back.after()).hasSize(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            assertThat(back.after().get(r)).as("row %d", r).containsExactly(normalized(rows.get(r)));
        }
    }

    @Test
    void updateAndDeleteImages() {
        List<BinlogColumn> columns = List.of(BinlogColumn.integer("id", LONG, false, false),
                BinlogColumn.varchar("v", 10, 8, true));
        RowsEvent update = RowsEvent.update(1, 0, columns, List.<Object[]>of(new Object[] {1, "a"}),
                List.<Object[]>of(new Object[] {1, null}));
        ByteBuf out = Unpooled.buffer();
        update.encode(out);
        // table id, flags, width 2, two present bitmaps 03 03; before: nulls fc, 1, "a"; after: nulls fe, 1.
        assertThat(Bytes.hexOf(out)).isEqualTo("010000000000" + "0000" + "02" + "03" + "03"
                + "fc" + "01000000" + "0161" + "fe" + "01000000");
        RowsEvent back = RowsEvent.decode(BinlogEventType.UPDATE_ROWS_V1, out, columns);
        assertThat(back.before().get(0)).containsExactly(1L, new byte[] {'a'});
        assertThat(back.after().get(0)).containsExactly(1L, null);

        RowsEvent delete = RowsEvent.delete(1, RowsEvent.STMT_END_F, columns,
                List.<Object[]>of(new Object[] {2, "b"}));
        ByteBuf del = Unpooled.buffer();
        delete.encode(del);
        assertThat(RowsEvent.decode(BinlogEventType.DELETE_ROWS_V1, del, columns).before().get(0))
                .containsExactly(2L, new byte[] {'b'});
    }

    @Test
    void rowsEventValidatesImages() {
        List<BinlogColumn> one = List.of(BinlogColumn.integer("id", LONG, false, false));
        assertThatThrownBy(() -> RowsEvent.write(1, 0, one, List.<Object[]>of(new Object[] {1, 2})))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RowsEvent.update(1, 0, one, List.<Object[]>of(new Object[] {1}), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RowsEvent(BinlogEventType.XID, 1, 0, one, List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static List<BinlogColumn> allTypes() {
        return List.of(
                BinlogColumn.integer("ti", TINY, false, true),
                BinlogColumn.integer("tu", TINY, true, true),
                BinlogColumn.integer("si", SHORT, false, true),
                BinlogColumn.integer("su", SHORT, true, true),
                BinlogColumn.integer("mi", INT24, false, true),
                BinlogColumn.integer("mu", INT24, true, true),
                BinlogColumn.integer("i", LONG, false, true),
                BinlogColumn.integer("iu", LONG, true, true),
                BinlogColumn.integer("bi", LONGLONG, false, true),
                BinlogColumn.integer("bu", LONGLONG, true, true),
                BinlogColumn.decimal("dc", 10, 2, false, true),
                BinlogColumn.floatColumn("f", true),
                BinlogColumn.doubleColumn("d", true),
                BinlogColumn.varchar("vc", 40, 45, true),
                BinlogColumn.varchar("vb", 300, 63, true),
                BinlogColumn.fixedString("ch", 10, 8, true),
                BinlogColumn.enumeration("e", List.of("x", "y"), 45, true),
                BinlogColumn.blob("tx", 2, 45, true),
                BinlogColumn.json("j", true),
                BinlogColumn.date("dt", true),
                BinlogColumn.year("y", true),
                BinlogColumn.temporal("tm", TIME2, 3, true),
                BinlogColumn.temporal("dtt", DATETIME2, 1, true),
                BinlogColumn.temporal("ts", TIMESTAMP2, 2, true));
    }

    /** The values as the decoder returns them: Long integers, Double floats, byte[] strings, Integer enum/year. */
    private static Object[] normalized(Object[] row) {
        Object[] out = row.clone();
        for (int i = 0; i < out.length; i++) {
            Object v = out[i];
            if (v == null) {
                continue;
            }
            out[i] = switch (i) {
                case 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 -> ((Number) v).longValue();
                case 11 -> ((Number) v).doubleValue();
                case 13, 15, 17, 18 -> ((String) v).getBytes(StandardCharsets.UTF_8);
                default -> v;
            };
        }
        return out;
    }
}
