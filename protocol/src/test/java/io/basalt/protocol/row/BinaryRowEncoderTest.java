package io.basalt.protocol.row;

import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BinaryRowEncoderTest {

    private static ColumnDefinition column(FieldType type, int decimals) {
        return ColumnDefinition.computed("c", 63, 20, type, 0, decimals);
    }

    /** The encoding of one non-NULL value: the row minus its 0x00 header and 1-byte bitmap. */
    private static String valueHex(Object value, FieldType type, int decimals) {
        ByteBuf out = Unpooled.buffer();
        BinaryRowEncoder.encode(out, new Object[] {value}, List.of(column(type, decimals)));
        assertThat(Bytes.hexOf(out.slice(0, 2))).isEqualTo("0000");
        return Bytes.hexOf(out.slice(2, out.readableBytes() - 2));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17})
    void nullBitmapUsesOffsetTwo(int nullColumn) {
        int columns = 18;
        Object[] values = new Object[columns];
        for (int i = 0; i < columns; i++) {
            values[i] = i == nullColumn ? null : (long) i;
        }
        ByteBuf out = Unpooled.buffer();
        BinaryRowEncoder.encode(out, values,
                Collections.nCopies(columns, column(FieldType.TINY, 0)));
        assertThat(out.getByte(0)).isZero();
        byte[] bitmap = Bytes.toArray(out.slice(1, 3));
        byte[] expected = new byte[3];
        expected[(nullColumn + 2) / 8] = (byte) (1 << ((nullColumn + 2) % 8));
        assertThat(bitmap).isEqualTo(expected);
        assertThat(out.readableBytes()).as("header, 3 bitmap bytes, 17 one-byte values").isEqualTo(1 + 3 + 17);
    }

    @Test
    void bitmapLengthGrowsEveryEightColumnsFromSix() {
        for (int columns = 1; columns <= 17; columns++) {
            List<ColumnDefinition> defs = new ArrayList<>(Collections.nCopies(columns, column(FieldType.NULL, 0)));
            ByteBuf out = Unpooled.buffer();
            BinaryRowEncoder.encode(out, new Object[columns], defs);
            assertThat(out.readableBytes() - 1).as("%d columns", columns).isEqualTo((columns + 9) / 8);
        }
        ByteBuf out = Unpooled.buffer();
        BinaryRowEncoder.encode(out, new Object[6], Collections.nCopies(6, column(FieldType.NULL, 0)));
        assertThat(Bytes.hexOf(out)).isEqualTo("00" + "fc");
    }

    @Test
    void integerTypes() {
        assertThat(valueHex(-1L, FieldType.TINY, 0)).isEqualTo("ff");
        assertThat(valueHex(true, FieldType.TINY, 0)).isEqualTo("01");
        assertThat(valueHex(300L, FieldType.SHORT, 0)).isEqualTo("2c01");
        assertThat(valueHex(2024L, FieldType.YEAR, 0)).isEqualTo("e807");
        assertThat(valueHex(-2L, FieldType.LONG, 0)).isEqualTo("feffffff");
        assertThat(valueHex(0x123456L, FieldType.INT24, 0)).isEqualTo("56341200");
        assertThat(valueHex(-1L, FieldType.LONGLONG, 0)).isEqualTo("ffffffffffffffff");
        assertThat(valueHex(0x0102030405060708L, FieldType.LONGLONG, 0)).isEqualTo("0807060504030201");
    }

    @Test
    void floatingTypes() {
        assertThat(valueHex(1.5, FieldType.FLOAT, 31)).isEqualTo("0000c03f");
        assertThat(valueHex(1.5, FieldType.DOUBLE, 31)).isEqualTo("000000000000f83f");
        assertThat(valueHex(-2.0, FieldType.DOUBLE, 31)).isEqualTo("00000000000000c0");
    }

    @Test
    void stringLikeTypesAreLenencStrings() {
        assertThat(valueHex(new BigDecimal("12.30"), FieldType.NEWDECIMAL, 2)).isEqualTo("05" + "31322e3330");
        assertThat(valueHex("ab", FieldType.VAR_STRING, 0)).isEqualTo("026162");
        assertThat(valueHex("ab", FieldType.STRING, 0)).isEqualTo("026162");
        assertThat(valueHex("{}", FieldType.JSON, 0)).isEqualTo("027b7d");
        assertThat(valueHex("x", FieldType.ENUM, 0)).isEqualTo("0178");
        assertThat(valueHex(new byte[] {0, (byte) 0xff}, FieldType.BLOB, 0)).isEqualTo("0200ff");
        assertThat(valueHex(new byte[] {5}, FieldType.BIT, 0)).isEqualTo("0105");
    }

    @Test
    void dates() {
        assertThat(valueHex(LocalDate.of(2024, 3, 5), FieldType.DATE, 0)).isEqualTo("04" + "e807" + "03" + "05");
    }

    @Test
    void dateTimesSendOnlyTheNonZeroParts() {
        LocalDateTime midnight = LocalDateTime.of(2024, 3, 5, 0, 0);
        assertThat(valueHex(midnight, FieldType.DATETIME, 0)).isEqualTo("04" + "e8070305");
        assertThat(valueHex(midnight.withHour(10).withMinute(11).withSecond(12), FieldType.DATETIME, 0))
                .isEqualTo("07" + "e8070305" + "0a0b0c");
        assertThat(valueHex(midnight.withNano(123_456_000), FieldType.TIMESTAMP, 6))
                .isEqualTo("0b" + "e8070305" + "000000" + "40e20100");
        assertThat(valueHex(midnight.withNano(123_456_000), FieldType.DATETIME, 3))
                .as("fraction truncated to the column precision").isEqualTo("0b" + "e8070305" + "000000"
                        + "78e00100");
        assertThat(valueHex(midnight.withNano(400), FieldType.DATETIME, 6))
                .as("sub-microsecond parts are not sent").isEqualTo("04" + "e8070305");
    }

    @Test
    void times() {
        assertThat(valueHex(Duration.ZERO, FieldType.TIME, 0)).isEqualTo("00");
        Duration d = Duration.ofDays(1).plusHours(2).plusMinutes(3).plusSeconds(4);
        assertThat(valueHex(d, FieldType.TIME, 0)).isEqualTo("08" + "00" + "01000000" + "020304");
        assertThat(valueHex(d.negated(), FieldType.TIME, 0)).isEqualTo("08" + "01" + "01000000" + "020304");
        assertThat(valueHex(Duration.ofSeconds(5, 7_000), FieldType.TIME, 6))
                .isEqualTo("0c" + "00" + "00000000" + "000005" + "07000000");
        assertThat(valueHex(Duration.ofHours(838), FieldType.TIME, 0))
                .isEqualTo("08" + "00" + "22000000" + "160000");
    }

    @Test
    void mixedRowLayout() {
        List<ColumnDefinition> columns = List.of(column(FieldType.LONGLONG, 0), column(FieldType.VAR_STRING, 0),
                column(FieldType.DOUBLE, 31));
        ByteBuf out = Unpooled.buffer();
        BinaryRowEncoder.encode(out, new Object[] {1L, null, 0.5}, columns);
        assertThat(Bytes.hexOf(out)).isEqualTo("00" + "08" + "0100000000000000" + "000000000000e03f");
    }
}
