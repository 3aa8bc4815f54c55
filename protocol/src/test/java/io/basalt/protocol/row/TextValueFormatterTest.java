package io.basalt.protocol.row;

import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.result.ColumnDefinition;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TextValueFormatterTest {
    private static final int NOT_FIXED = TextValueFormatter.NOT_FIXED_DECIMALS;

    private static ColumnDefinition column(FieldType type, int flags, long length, int decimals) {
        return ColumnDefinition.computed("c", 63, length, type, flags, decimals);
    }

    private static String text(Object value, ColumnDefinition column) {
        return new String(TextValueFormatter.format(value, column), StandardCharsets.UTF_8);
    }

    /** Expected strings are what MySQL 8's my_gcvt prints for a DOUBLE without fixed decimals. */
    @ParameterizedTest
    @CsvSource({
            "1e20, 1e20",
            "1e15, 1e15",
            "1e14, 100000000000000",
            "123456789012345.0, 123456789012345",
            "1234567890123456.7, 1234567890123456.8",
            "12345678901234567890.0, 1.2345678901234567e19",
            "0.00001, 0.00001",
            "1e-7, 0.0000001",
            "1.5e-7, 0.00000015",
            "1e-15, 0.000000000000001",
            "1e-16, 1e-16",
            "1.25e-20, 1.25e-20",
            "0.1, 0.1",
            "0.30000000000000004, 0.30000000000000004",
            "100.0, 100",
            "2.5, 2.5",
            "-1.25, -1.25",
            "0.0, 0",
            "-0.0, -0",
            "1.7976931348623157e308, 1.7976931348623157e308",
            "4.9e-324, 5e-324",
            "2.2250738585072014e-308, 2.2250738585072014e-308",
            "-3e100, -3e100",
            "1e23, 1e23",
            "8.41e21, 8.41e21"})
    void formatsDoublesLikeMySql(double value, String expected) {
        assertThat(text(value, column(FieldType.DOUBLE, 0, 22, NOT_FIXED))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
            "0.1, 0.1",
            "3.1415927, 3.14159",
            "123456789, 123457000",
            "1e20, 1e20",
            "1.5, 1.5",
            "-2.75, -2.75",
            "1e-7, 0.0000001",
            "16777217, 16777200"})
    void formatsFloatsWithSixSignificantDigits(float value, String expected) {
        assertThat(text((double) value, column(FieldType.FLOAT, 0, 12, NOT_FIXED))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
            "1.005, 2, 1.00",
            "1.5, 3, 1.500",
            "2.5, 0, 2",
            "3.5, 0, 4",
            "-0.001, 2, -0.00",
            "123.456, 1, 123.5"})
    void formatsDoublesWithFixedDecimals(double value, int decimals, String expected) {
        assertThat(text(value, column(FieldType.DOUBLE, 0, 22, decimals))).isEqualTo(expected);
    }

    @Property
    void doubleTextReadsBackAsTheSameDouble(@ForAll double value) {
        String s = text(value, column(FieldType.DOUBLE, 0, 22, NOT_FIXED));
        if (Double.isFinite(value)) {
            assertThat(Double.parseDouble(s)).isEqualTo(value);
            String digits = s.replaceFirst("e.*", "").replace("-", "").replace(".", "").replaceAll("^0+", "")
                    .replaceAll("0+$", "");
            assertThat(digits.length()).as("at most 17 significant digits in %s", s).isLessThanOrEqualTo(17);
        }
    }

    @Test
    void formatsIntegers() {
        assertThat(text(-5L, column(FieldType.LONGLONG, 0, 20, 0))).isEqualTo("-5");
        assertThat(text(-1L, column(FieldType.LONGLONG, ColumnFlags.UNSIGNED, 20, 0)))
                .isEqualTo("18446744073709551615");
        assertThat(text(Long.MIN_VALUE, column(FieldType.LONGLONG, ColumnFlags.UNSIGNED, 20, 0)))
                .isEqualTo("9223372036854775808");
        assertThat(text(42L, column(FieldType.LONG, ColumnFlags.ZEROFILL | ColumnFlags.UNSIGNED, 5, 0)))
                .isEqualTo("00042");
        assertThat(text(123456L, column(FieldType.LONG, ColumnFlags.ZEROFILL, 5, 0))).isEqualTo("123456");
        assertThat(text(2024L, column(FieldType.YEAR, ColumnFlags.UNSIGNED | ColumnFlags.ZEROFILL, 4, 0)))
                .isEqualTo("2024");
        assertThat(text(0L, column(FieldType.YEAR, ColumnFlags.UNSIGNED, 4, 0))).isEqualTo("0000");
        assertThat(text(7, column(FieldType.LONG, 0, 11, 0))).isEqualTo("7");
        assertThat(text(true, column(FieldType.TINY, 0, 1, 0))).isEqualTo("1");
        assertThat(text(false, column(FieldType.TINY, 0, 1, 0))).isEqualTo("0");
    }

    @Test
    void formatsDecimalsAtTheColumnScale() {
        ColumnDefinition dec = column(FieldType.NEWDECIMAL, 0, 12, 2);
        assertThat(text(new BigDecimal("1.50"), dec)).isEqualTo("1.50");
        assertThat(text(new BigDecimal("-0.05"), dec)).isEqualTo("-0.05");
        assertThat(text(new BigDecimal("1E+3"), dec)).isEqualTo("1000.00");
        // AVG and / carry more digits than their type shows: MariaDB prints them rounded to the type's scale
        assertThat(text(new BigDecimal("5.333333333"), column(FieldType.NEWDECIMAL, 0, 14, 4))).isEqualTo("5.3333");
        assertThat(text(new BigDecimal("1.666666666"), column(FieldType.NEWDECIMAL, 0, 14, 4))).isEqualTo("1.6667");
        assertThat(text(new BigDecimal("1.5"), column(FieldType.NEWDECIMAL, ColumnFlags.ZEROFILL, 6, 1)))
                .isEqualTo("0001.5");
    }

    @Test
    void formatsStringsAndBytes() {
        assertThat(text("héllo", column(FieldType.VAR_STRING, 0, 20, 0))).isEqualTo("héllo");
        byte[] raw = {0, (byte) 0xff};
        assertThat(TextValueFormatter.format(raw, column(FieldType.BLOB, 0, 20, 0))).isEqualTo(raw);
        assertThat(TextValueFormatter.format(null, column(FieldType.BLOB, 0, 20, 0))).isNull();
    }

    @Test
    void formatsDates() {
        ColumnDefinition date = column(FieldType.DATE, 0, 10, 0);
        assertThat(text(LocalDate.of(2024, 2, 29), date)).isEqualTo("2024-02-29");
        assertThat(text(LocalDate.of(5, 1, 2), date)).isEqualTo("0005-01-02");
    }

    @ParameterizedTest
    @CsvSource({
            "0, 2024-03-05 07:08:09",
            "1, 2024-03-05 07:08:09.1",
            "3, 2024-03-05 07:08:09.123",
            "6, 2024-03-05 07:08:09.123456"})
    void formatsDateTimesWithTheColumnsFractionDigits(int decimals, String expected) {
        LocalDateTime dt = LocalDateTime.of(2024, 3, 5, 7, 8, 9, 123_456_789);
        assertThat(text(dt, column(FieldType.DATETIME, 0, 26, decimals))).isEqualTo(expected);
        assertThat(text(dt, column(FieldType.TIMESTAMP, 0, 26, decimals))).isEqualTo(expected);
    }

    @Test
    void dateTimeFractionIsPaddedToTheColumnPrecision() {
        LocalDateTime whole = LocalDateTime.of(2024, 1, 1, 0, 0);
        assertThat(text(whole, column(FieldType.DATETIME, 0, 26, 6))).isEqualTo("2024-01-01 00:00:00.000000");
        assertThat(text(whole, column(FieldType.DATETIME, 0, 26, NOT_FIXED))).isEqualTo("2024-01-01 00:00:00");
        assertThat(text(whole.withNano(5000), column(FieldType.DATETIME, 0, 26, 2)))
                .isEqualTo("2024-01-01 00:00:00.00");
    }

    @Test
    void formatsTimes() {
        ColumnDefinition time0 = column(FieldType.TIME, 0, 10, 0);
        assertThat(text(Duration.ofSeconds(3723), time0)).isEqualTo("01:02:03");
        assertThat(text(Duration.ofSeconds(-3723), time0)).isEqualTo("-01:02:03");
        assertThat(text(Duration.ofHours(25), time0)).isEqualTo("25:00:00");
        assertThat(text(Duration.ofSeconds(838 * 3600 + 59 * 60 + 59), time0)).isEqualTo("838:59:59");
        assertThat(text(Duration.ofSeconds(-(838 * 3600 + 59 * 60 + 59)), time0)).isEqualTo("-838:59:59");
        assertThat(text(Duration.ZERO, time0)).isEqualTo("00:00:00");
        assertThat(text(Duration.ofMillis(1500), column(FieldType.TIME, 0, 12, 1))).isEqualTo("00:00:01.5");
        assertThat(text(Duration.ofMillis(-500), column(FieldType.TIME, 0, 12, 2))).isEqualTo("-00:00:00.50");
        assertThat(text(Duration.ofNanos(-1_000), column(FieldType.TIME, 0, 15, 6))).isEqualTo("-00:00:00.000001");
    }

    @Test
    void rejectsValuesOutsideTheModel() {
        assertThatThrownBy(() -> TextValueFormatter.format(new Object(), column(FieldType.BLOB, 0, 1, 0)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
