package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Expected values are what MariaDB 10.11 returns for the same conversions. */
class ValuesTest {
    private static final SqlType FLOAT = SqlType.of(TypeKind.FLOAT);
    private static final SqlType TEXT = SqlType.varchar(20);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "1e15|1e15", "1e16|1e16", "123456789012345|123456789012345", "1234567890123456|1.234567890123456e15",
            "12345678901234567|1.2345678901234568e16", "1.5e-5|0.000015", "1.5e-10|0.00000000015",
            "1.5e-14|0.000000000000015", "1.5e-15|0.0000000000000015", "1.5e-16|1.5e-16", "1.5e-20|1.5e-20",
            "1.23456789e-10|0.000000000123456789", "0.1|0.1", "0.3333333333333333|0.3333333333333333",
            "100|100", "-1.5e-30|-1.5e-30", "1e-15|0.000000000000001", "1e-14|0.00000000000001",
            "123456789.123456789|123456789.12345679", "1e300|1e300",
            "1.7976931348623157e308|1.7976931348623157e308", "4.9e-324|5e-324", "0|0", "-0.0|0",
            "1e14|100000000000000", "12345678901234.5|12345678901234.5", "9999999999999998|9.999999999999998e15",
            "1.2345678901234567e-14|0.000000000000012345678901234567", "12345678901234567890|1.2345678901234567e19",
            "1e20|1e20", "123456789012345678901.0|1.2345678901234568e20", "2.82879384806159E17|2.82879384806159e17",
            "8.41E21|8.41e21", "-2.5|-2.5"})
    void doubleText(double value, String expected) {
        assertThat(Values.toText(value, SqlType.DOUBLE)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "1.2345678|1.23457", "1234567|1234570", "0.000001234567|0.00000123457", "1e15|1e15", "123456.5|123456",
            "16777217|16777200", "100|100", "0.1|0.1", "3.4e38|3.4e38", "123456789|123457000", "1.5e-16|1.5e-16"})
    void floatText(float value, String expected) {
        assertThat(Values.toText((double) value, FLOAT)).isEqualTo(expected);
    }

    @Test
    void doubleWithFixedDecimalsShowsThem() {
        SqlType double2 = new SqlType(TypeKind.DOUBLE, 10, 10, 2, false, List.of());
        assertThat(Values.toText(1.5, double2)).isEqualTo("1.50");
        assertThat(Values.toText(1.005, double2)).isEqualTo("1.00");
    }

    @Test
    void decimalTextUsesTheTypeScale() {
        assertThat(Values.toText(new BigDecimal("0.333333333"), SqlType.decimal(5, 4))).isEqualTo("0.3333");
        assertThat(Values.toText(new BigDecimal("0.666666666"), SqlType.decimal(5, 4))).isEqualTo("0.6667");
        assertThat(Values.toText(new BigDecimal("1"), SqlType.decimal(4, 1))).isEqualTo("1.0");
        assertThat(Values.toText(new BigDecimal("-0.00005"), SqlType.decimal(5, 4))).isEqualTo("-0.0001");
    }

    @Test
    void integerAndTemporalText() {
        assertThat(Values.toText(-1L, SqlType.BIGINT_UNSIGNED)).isEqualTo("18446744073709551615");
        assertThat(Values.toText(-1L, SqlType.BIGINT)).isEqualTo("-1");
        assertThat(Values.toText(0L, SqlType.of(TypeKind.YEAR))).isEqualTo("0000");
        assertThat(Values.toText(LocalDate.of(24, 1, 2), SqlType.DATE)).isEqualTo("0024-01-02");
        LocalDateTime dt = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 120_000_000);
        assertThat(Values.toText(dt, SqlType.DATETIME)).isEqualTo("2024-01-02 03:04:05");
        assertThat(Values.toText(dt, SqlType.temporal(TypeKind.DATETIME, 3))).isEqualTo("2024-01-02 03:04:05.120");
        assertThat(Values.toText(dt, null)).isEqualTo("2024-01-02 03:04:05.120000");
        assertThat(Values.toText(Duration.ofHours(-100).minusMinutes(2), SqlType.TIME)).isEqualTo("-100:02:00");
        assertThat(Values.toText(Duration.ofMillis(1500), SqlType.temporal(TypeKind.TIME, 2)))
                .isEqualTo("00:00:01.50");
    }

    @ParameterizedTest(name = "''{0}'' + 0 = {1}")
    @CsvSource(delimiter = '|', value = {
            "abc|0|Warning", "12abc|12|Warning", "' 12'|12|", "1e3x|1000|Warning", "0x10|0|Warning", ".5|0.5|",
            "-|0|Warning", "1.5.6|1.5|Warning", "''|0|Warning", "'12 '|12|Note", "'\t12'|12|", "+5|5|",
            "1e|1|Warning", "1.|1|", "-.5|-0.5|", "inf|0|Warning", "1e400|1.7976931348623157E308|Warning"})
    void stringToDouble(String s, double expected, String level) {
        TestContext ctx = new TestContext();
        assertThat(Values.toDouble(s, TEXT, ctx)).isEqualTo(expected);
        if (level == null) {
            assertThat(ctx.conditions()).isEmpty();
        } else {
            assertThat(ctx.conditions()).containsExactly(new TestContext.Condition(level, 1292,
                    "Truncated incorrect DOUBLE value: '" + s + "'"));
        }
    }

    @ParameterizedTest(name = "CAST(''{0}'' AS SIGNED) = {1}")
    @CsvSource(delimiter = '|', value = {
            "12abc|12|1", "' -12.7'|-12|1", "1e3|1|1", "12.5|12|1", "''|0|1", "+5|5|0",
            "99999999999999999999|-1|1", "-99999999999999999999|-9223372036854775808|1",
            "18446744073709551615|-1|0", "9223372036854775807|9223372036854775807|0"})
    void stringToLongReadsTheIntegerPrefix(String s, long expected, int warnings) {
        TestContext ctx = new TestContext();
        assertThat(Values.toLong(s, TEXT, ctx)).isEqualTo(expected);
        assertThat(ctx.conditions()).hasSize(warnings);
        if (warnings == 1) {
            assertThat(ctx.messages()).containsExactly("Truncated incorrect INTEGER value: '" + s + "'");
        }
    }

    @Test
    void numbersToLongRoundAsMariaDb() {
        TestContext ctx = new TestContext();
        assertThat(Values.toLong(new BigDecimal("2.5"), SqlType.decimal(2, 1), ctx)).isEqualTo(3);
        assertThat(Values.toLong(new BigDecimal("-2.5"), SqlType.decimal(2, 1), ctx)).isEqualTo(-3);
        assertThat(Values.toLong(2.5, SqlType.DOUBLE, ctx)).isEqualTo(2);
        assertThat(Values.toLong(3.5, SqlType.DOUBLE, ctx)).isEqualTo(4);
        assertThat(Values.toLong(1e30, SqlType.DOUBLE, ctx)).isEqualTo(Long.MAX_VALUE);
        assertThat(Values.toLong(LocalDateTime.of(2024, 1, 1, 10, 0, 0, 600_000_000), SqlType.DATETIME, ctx))
                .isEqualTo(20240101100000L);
        assertThat(Values.toLong(Duration.ofHours(-1).minusSeconds(1), SqlType.TIME, ctx)).isEqualTo(-10001);
        assertThat(ctx.conditions()).isEmpty();
    }

    @Test
    void unsignedValuesConvertExactly() {
        TestContext ctx = new TestContext();
        assertThat(Values.toDecimal(-1L, SqlType.BIGINT_UNSIGNED, ctx)).isEqualTo(new BigDecimal("18446744073709551615"));
        assertThat(Values.toDouble(-1L, SqlType.BIGINT_UNSIGNED, ctx)).isEqualTo(1.8446744073709552E19);
        assertThat(Values.toUnsignedLong(new BigDecimal("18446744073709551616"), SqlType.decimal(20, 0), ctx))
                .isEqualTo(-1L);
    }

    @Test
    void enumInNumericContextIsItsPosition() {
        SqlType e = new SqlType(TypeKind.ENUM, 0, 0, 0, false, List.of("b", "a"));
        TestContext ctx = new TestContext();
        assertThat(Values.toLong("a", e, ctx)).isEqualTo(2);
        assertThat(Values.toDouble("B", e, ctx)).isEqualTo(1.0);
        assertThat(Values.toLong("", e, ctx)).isZero();
    }

    @Test
    void typesOfLiterals() {
        assertThat(Values.typeOf(1L)).isEqualTo(SqlType.INT.withLength(2));
        assertThat(Values.typeOf(123456789L).kind()).isEqualTo(TypeKind.INT);
        assertThat(Values.typeOf(1234567890L).kind()).isEqualTo(TypeKind.BIGINT);
        assertThat(Values.typeOf(0L)).isEqualTo(SqlType.INT.withLength(2));
        assertThat(Values.typeOf(-123456789L)).isEqualTo(SqlType.INT.withLength(10));
        assertThat(Values.typeOf(-1234567890L)).isEqualTo(SqlType.BIGINT.withLength(11));
        assertThat(Values.typeOf(Long.MAX_VALUE)).isEqualTo(SqlType.BIGINT.withLength(20));
        assertThat(Values.typeOf(Long.MIN_VALUE)).isEqualTo(SqlType.BIGINT.withLength(20));
        assertThat(Values.typeOf(new BigDecimal("1.50"))).isEqualTo(SqlType.decimal(3, 2));
        assertThat(Values.typeOf(new BigDecimal(".05"))).isEqualTo(SqlType.decimal(2, 2));
        assertThat(Values.typeOf("héllo")).isEqualTo(SqlType.varchar(5));
        assertThat(Values.typeOf(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 500_000_000)))
                .isEqualTo(SqlType.temporal(TypeKind.DATETIME, 1));
        assertThat(Values.typeOf(null)).isEqualTo(SqlType.NULL);
    }

    @Test
    void numericLiterals() {
        assertThat(Values.numericLiteral("12")).isEqualTo(new Values.Literal(12L, SqlType.INT.withLength(3)));
        assertThat(Values.numericLiteral("18446744073709551615"))
                .isEqualTo(new Values.Literal(-1L, SqlType.BIGINT_UNSIGNED));
        assertThat(Values.numericLiteral("18446744073709551616").type()).isEqualTo(SqlType.decimal(20, 0));
        assertThat(Values.numericLiteral("1.50").value()).isEqualTo(new BigDecimal("1.50"));
        assertThat(Values.numericLiteral("1e3")).isEqualTo(new Values.Literal(1000.0, SqlType.DOUBLE));
    }

    @Test
    void truth() {
        TestContext ctx = new TestContext();
        assertThat(Values.isTrue(null, SqlType.NULL, ctx)).isNull();
        assertThat(Values.isTrue(0L, SqlType.INT, ctx)).isFalse();
        assertThat(Values.isTrue(new BigDecimal("0.00"), SqlType.decimal(3, 2), ctx)).isFalse();
        assertThat(Values.isTrue("0.1", TEXT, ctx)).isTrue();
        assertThat(Values.isTrue("abc", TEXT, ctx)).isFalse();
        assertThat(ctx.codes()).containsExactly(1292);
        assertThat(Values.isTrue(LocalDate.of(2024, 1, 1), SqlType.DATE, ctx)).isTrue();
    }

    @Test
    void coerceToUnifiedTypes() {
        TestContext ctx = new TestContext();
        assertThat(Values.coerce(1L, SqlType.INT, SqlType.varchar(4), ctx)).isEqualTo("1");
        assertThat(Values.coerce(1L, SqlType.INT, SqlType.decimal(2, 1), ctx)).isEqualTo(BigDecimal.ONE);
        assertThat(Values.coerce(LocalDate.of(2024, 1, 1), SqlType.DATE, SqlType.DATETIME, ctx))
                .isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0));
        assertThat(Values.coerce("2024-01-02", TEXT, SqlType.DATE, ctx)).isEqualTo(LocalDate.of(2024, 1, 2));
    }

    @Test
    void temporalConversions() {
        TestContext ctx = new TestContext();
        assertThat(Values.toLocalDate(20240102L, SqlType.INT, ctx)).isEqualTo(LocalDate.of(2024, 1, 2));
        assertThat(Values.toLocalDateTime(20240102153000L, SqlType.BIGINT, ctx))
                .isEqualTo(LocalDateTime.of(2024, 1, 2, 15, 30));
        assertThat(Values.toDuration(153000L, SqlType.INT, ctx)).isEqualTo(Duration.ofMinutes(15 * 60 + 30));
        assertThat(Values.toDuration("2024-01-02 10:11:12", TEXT, ctx))
                .isEqualTo(Duration.ofSeconds(10 * 3600 + 11 * 60 + 12));
        assertThat(Values.toLocalDateTime(Duration.ofHours(1), SqlType.TIME, ctx))
                .isEqualTo(LocalDateTime.of(2024, 5, 6, 1, 0));
        assertThat(ctx.conditions()).isEmpty();
        assertThat(Values.toLocalDate("2024-02-30", TEXT, ctx)).isNull();
        assertThat(ctx.messages()).containsExactly("Incorrect datetime value: '2024-02-30'");
    }
}
