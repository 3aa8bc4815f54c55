package io.basalt.sql.value;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** INSERT conversions; the errors and warnings are MariaDB 10.11's for the same statements. */
class ColumnAssignerTest {
    private static final SqlType TEXT = SqlType.varchar(40);
    private static final SqlType ONE = Values.typeOf(1L);
    private final TestContext ctx = new TestContext();

    private static AssignTarget col(String name, SqlType type) {
        return new AssignTarget("t", "s", name, type);
    }

    private Object strict(Object v, SqlType vt, AssignTarget target) {
        return ColumnAssigner.assign(v, vt, target, 1, ctx, true);
    }

    private Object lax(Object v, SqlType vt, AssignTarget target) {
        return ColumnAssigner.assign(v, vt, target, 1, ctx, false);
    }

    private void assertError(Object v, SqlType vt, AssignTarget target, int code, String message) {
        assertThatThrownBy(() -> strict(v, vt, target)).isInstanceOf(MySqlException.class).hasMessage(message)
                .satisfies(e -> assertThat(((MySqlException) e).code()).isEqualTo(code));
    }

    @Test
    void integersInStrictMode() {
        AssignTarget ti = col("ti", SqlType.of(TypeKind.TINYINT));
        AssignTarget u = col("u", SqlType.INT.withUnsigned(true));
        AssignTarget i = col("i", SqlType.INT);
        assertError(300L, ONE, ti, 1264, "Out of range value for column 'ti' at row 1");
        assertError(-1L, ONE, u, 1264, "Out of range value for column 'u' at row 1");
        assertError(2147483648L, SqlType.BIGINT, i, 1264, "Out of range value for column 'i' at row 1");
        assertError("abc", TEXT, i, 1366, "Incorrect integer value: 'abc' for column `t`.`s`.`i` at row 1");
        assertError("", TEXT, i, 1366, "Incorrect integer value: '' for column `t`.`s`.`i` at row 1");
        assertError("12abc", TEXT, i, 1265, "Data truncated for column 'i' at row 1");
        assertThat(strict(2.5, SqlType.DOUBLE, i)).isEqualTo(2L);
        assertThat(strict(3.5, SqlType.DOUBLE, ti)).isEqualTo(4L);
        assertThat(strict(new BigDecimal("2.5"), SqlType.decimal(2, 1), i)).isEqualTo(3L);
        assertThat(strict("2.5", TEXT, i)).isEqualTo(3L);
        assertThat(strict("1e3", TEXT, i)).isEqualTo(1000L);
        assertThat(ctx.conditions()).isEmpty();
        assertThat(strict(" 12 ", TEXT, i)).isEqualTo(12L);
        assertThat(ctx.conditions()).containsExactly(
                new TestContext.Condition("Note", 1265, "Data truncated for column 'i' at row 1"));
    }

    @Test
    void integersInNonStrictModeClipWithWarnings() {
        assertThat(lax(300L, ONE, col("ti", SqlType.of(TypeKind.TINYINT)))).isEqualTo(127L);
        assertThat(lax(-300L, ONE, col("ti", SqlType.of(TypeKind.TINYINT)))).isEqualTo(-128L);
        assertThat(lax("abc", TEXT, col("i", SqlType.INT))).isEqualTo(0L);
        assertThat(lax("12abc", TEXT, col("i", SqlType.INT))).isEqualTo(12L);
        assertThat(ctx.codes()).containsExactly(1264, 1264, 1366, 1265);
    }

    @Test
    void bigintBoundaries() {
        AssignTarget b = col("b", SqlType.BIGINT);
        AssignTarget ub = col("ub", SqlType.BIGINT_UNSIGNED);
        assertThat(strict(-1L, SqlType.BIGINT_UNSIGNED, ub)).isEqualTo(-1L);
        assertError(-1L, SqlType.BIGINT_UNSIGNED, b, 1264, "Out of range value for column 'b' at row 1");
        assertThat(strict("18446744073709551615", TEXT, ub)).isEqualTo(-1L);
        assertError("18446744073709551616", TEXT, ub, 1264, "Out of range value for column 'ub' at row 1");
    }

    @Test
    void years() {
        AssignTarget y = col("y", SqlType.of(TypeKind.YEAR));
        assertThat(strict(0L, ONE, y)).isEqualTo(0L);
        assertThat(strict("0", TEXT, y)).isEqualTo(2000L);
        assertThat(strict("00", TEXT, y)).isEqualTo(2000L);
        assertThat(strict(69L, ONE, y)).isEqualTo(2069L);
        assertThat(strict("70", TEXT, y)).isEqualTo(1970L);
        assertThat(strict(2155L, ONE, y)).isEqualTo(2155L);
        assertThat(strict(new BigDecimal("2024.4"), SqlType.decimal(5, 1), y)).isEqualTo(2024L);
        assertError(1800L, ONE, y, 1264, "Out of range value for column 'y' at row 1");
        assertError("abc", TEXT, y, 1366, "Incorrect integer value: 'abc' for column `t`.`s`.`y` at row 1");
    }

    @Test
    void decimals() {
        AssignTarget dc = col("dc", SqlType.decimal(5, 2));
        assertThat(strict(new BigDecimal("1.005"), SqlType.decimal(4, 3), dc)).isEqualTo(new BigDecimal("1.01"));
        assertThat(ctx.conditions()).containsExactly(
                new TestContext.Condition("Note", 1265, "Data truncated for column 'dc' at row 1"));
        assertError(new BigDecimal("12345.678"), SqlType.decimal(8, 3), dc, 1264,
                "Out of range value for column 'dc' at row 1");
        assertError("abc", TEXT, dc, 1366, "Incorrect decimal value: 'abc' for column `t`.`s`.`dc` at row 1");
        assertError(-1L, ONE, col("dc", SqlType.decimal(5, 2).withUnsigned(true)), 1264,
                "Out of range value for column 'dc' at row 1");
        assertThat(lax(new BigDecimal("12345.678"), SqlType.decimal(8, 3), dc)).isEqualTo(new BigDecimal("999.99"));
    }

    @Test
    void floats() {
        SqlType float52 = new SqlType(TypeKind.FLOAT, 0, 5, 2, false, List.of());
        assertThat(strict(new BigDecimal("1.234"), SqlType.decimal(4, 3), col("f", float52))).isEqualTo(
                (double) 1.23f);
        assertError(1e300, SqlType.DOUBLE, col("f", SqlType.of(TypeKind.FLOAT)), 1264,
                "Out of range value for column 'f' at row 1");
        assertError(new BigDecimal("1234.5"), SqlType.decimal(5, 1), col("f", float52), 1264,
                "Out of range value for column 'f' at row 1");
        assertThat(lax(1e300, SqlType.DOUBLE, col("f", SqlType.of(TypeKind.FLOAT)))).isEqualTo((double) Float.MAX_VALUE);
        SqlType double2 = new SqlType(TypeKind.DOUBLE, 0, 10, 2, false, List.of());
        assertThat(strict(1.005, SqlType.DOUBLE, col("d", double2))).isEqualTo(1.0);
        assertThat(strict(2.675, SqlType.DOUBLE, col("d", double2))).isEqualTo(2.67);
    }

    @Test
    void strings() {
        AssignTarget v = col("v", SqlType.varchar(3));
        assertError("abcd", TEXT, v, 1406, "Data too long for column 'v' at row 1");
        assertError(12345L, ONE, v, 1406, "Data too long for column 'v' at row 1");
        assertThat(strict("abc   ", TEXT, v)).isEqualTo("abc");
        assertThat(ctx.conditions()).containsExactly(
                new TestContext.Condition("Note", 1265, "Data truncated for column 'v' at row 1"));
        assertThat(strict("ééé", TEXT, v)).isEqualTo("ééé");
        assertThat(strict("ab  ", TEXT, col("c", SqlType.of(TypeKind.CHAR).withLength(5)))).isEqualTo("ab");
        assertThat(strict("ab  ", TEXT, col("v", SqlType.varchar(5)))).isEqualTo("ab  ");
        assertThat(lax("abcd", TEXT, v)).isEqualTo("abc");
        assertError("x".repeat(256), TEXT, col("tx", SqlType.of(TypeKind.TINYTEXT)), 1406,
                "Data too long for column 'tx' at row 1");
        assertThat(strict("x".repeat(255), TEXT, col("tx", SqlType.of(TypeKind.TINYTEXT)))).isEqualTo("x".repeat(255));
        assertThat(strict(1.5, SqlType.DOUBLE, col("v", SqlType.varchar(5)))).isEqualTo("1.5");
    }

    @Test
    void binaries() {
        AssignTarget bn = col("bn", SqlType.of(TypeKind.BINARY).withLength(4));
        assertThat((byte[]) strict("ab", TEXT, bn)).containsExactly('a', 'b', 0, 0);
        assertError("abcde", TEXT, bn, 1406, "Data too long for column 'bn' at row 1");
        assertThat((byte[]) strict("ab", TEXT, col("vb", SqlType.of(TypeKind.VARBINARY).withLength(4))))
                .containsExactly('a', 'b');
    }

    @Test
    void enums() {
        AssignTarget e = col("e", new SqlType(TypeKind.ENUM, 0, 0, 0, false, List.of("a", "b")));
        assertThat(strict("A", TEXT, e)).isEqualTo("a");
        assertThat(strict("b ", TEXT, e)).isEqualTo("b");
        assertThat(strict(2L, ONE, e)).isEqualTo("b");
        assertThat(strict("2", TEXT, e)).isEqualTo("b");
        assertError("c", TEXT, e, 1265, "Data truncated for column 'e' at row 1");
        assertError(0L, ONE, e, 1265, "Data truncated for column 'e' at row 1");
        assertThat(lax("c", TEXT, e)).isEqualTo("");
    }

    @Test
    void json() {
        AssignTarget j = col("j", SqlType.JSON);
        assertThat(strict("{\"a\":  1}", TEXT, j)).isEqualTo("{\"a\":  1}");
        assertThatThrownBy(() -> lax("{bad", TEXT, j)).isInstanceOf(MySqlException.class)
                .hasMessage("CONSTRAINT `s.j` failed for `t`.`s`")
                .satisfies(e -> assertThat(((MySqlException) e).code()).isEqualTo(4025));
        assertThat(strict(5L, ONE, j)).isEqualTo("5");
    }

    @Test
    void dates() {
        AssignTarget d = col("d", SqlType.DATE);
        assertError("2024-02-30", TEXT, d, 1292, "Incorrect date value: '2024-02-30' for column `t`.`s`.`d` at row 1");
        assertError("2024-01-01x", TEXT, d, 1292,
                "Incorrect date value: '2024-01-01x' for column `t`.`s`.`d` at row 1");
        assertThat(strict("2024-01-01 10:00:00", TEXT, d)).isEqualTo(LocalDate.of(2024, 1, 1));
        assertThat(strict(LocalDateTime.of(2024, 1, 1, 10, 0), SqlType.DATETIME, d)).isEqualTo(LocalDate.of(2024, 1, 1));
        assertThat(ctx.conditions()).extracting(TestContext.Condition::level).containsExactly("Note", "Note");
        assertThat(lax("2024-02-30", TEXT, d)).isNull();
        assertThat(ctx.codes()).endsWith(1265);
    }

    @Test
    void dateTimesTruncateFractions() {
        AssignTarget dt = col("dt", SqlType.temporal(TypeKind.DATETIME, 2));
        assertThat(strict("2024-01-01 10:00:00.125", TEXT, dt))
                .isEqualTo(LocalDateTime.of(2024, 1, 1, 10, 0, 0, 120_000_000));
        assertThat(strict("2024-01-01 23:59:59.5", TEXT, col("t0", SqlType.DATETIME)))
                .isEqualTo(LocalDateTime.of(2024, 1, 1, 23, 59, 59));
        assertThat(strict(20240101L, SqlType.INT, col("t0", SqlType.DATETIME))).isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0));
        assertThat(strict(Duration.ofHours(10), SqlType.TIME, col("t0", SqlType.DATETIME)))
                .isEqualTo(LocalDateTime.of(2024, 5, 6, 10, 0));
        assertError(20240230L, SqlType.INT, col("dt", SqlType.DATETIME), 1292,
                "Incorrect datetime value: '20240230' for column `t`.`s`.`dt` at row 1");
        assertError(new BigDecimal("2024.5"), SqlType.decimal(5, 1), col("dt", SqlType.DATETIME), 1292,
                "Incorrect datetime value: '2024.5' for column `t`.`s`.`dt` at row 1");
        assertThat(ctx.conditions()).isEmpty();
    }

    @Test
    void timestampsAreLimitedTo1970Through2038() {
        AssignTarget ts = col("ts", SqlType.of(TypeKind.TIMESTAMP));
        assertThat(strict("2038-01-19 03:14:07", TEXT, ts)).isEqualTo(LocalDateTime.of(2038, 1, 19, 3, 14, 7));
        assertError("2038-01-19 03:14:08", TEXT, ts, 1292,
                "Incorrect datetime value: '2038-01-19 03:14:08' for column `t`.`s`.`ts` at row 1");
        assertError("1960-01-01", TEXT, ts, 1292,
                "Incorrect datetime value: '1960-01-01' for column `t`.`s`.`ts` at row 1");
        assertThat(lax("1960-01-01", TEXT, ts)).isNull();
        assertThat(ctx.messages()).containsExactly("Out of range value for column 'ts' at row 1");
    }

    @Test
    void times() {
        AssignTarget tm = col("tm", SqlType.temporal(TypeKind.TIME, 1));
        assertThat(strict("10:00:00.06", TEXT, tm)).isEqualTo(Duration.ofHours(10));
        assertThat(strict(new BigDecimal("1.5"), SqlType.decimal(2, 1), col("tm", SqlType.TIME)))
                .isEqualTo(Duration.ofSeconds(1));
        assertThat(strict("1 02:00:00", TEXT, tm)).isEqualTo(Duration.ofHours(26));
        assertError("839:00:00", TEXT, tm, 1292, "Incorrect time value: '839:00:00' for column `t`.`s`.`tm` at row 1");
    }

    @Test
    void nullStaysNull() {
        assertThat(strict(null, SqlType.NULL, col("i", SqlType.INT))).isNull();
    }
}
