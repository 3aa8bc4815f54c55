package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Comparison rules; expected results from MariaDB 10.11. */
class ComparisonTest {
    private static final SqlType TEXT = SqlType.varchar(20);
    private static final SqlType BIN = SqlType.of(TypeKind.VARBINARY).withLength(10);
    private static final SqlType DEC = SqlType.decimal(10, 1);
    private final TestContext ctx = new TestContext();

    private int cmp(Object a, SqlType ta, Object b, SqlType tb) {
        return Integer.signum(Comparison.compare(a, ta, b, tb, ctx));
    }

    @Test
    void stringsCompareCaseAndAccentInsensitiveIgnoringTrailingSpaces() {
        assertThat(cmp("a", TEXT, "A  ", TEXT)).isZero();
        assertThat(cmp("a", TEXT, "á", TEXT)).isZero();
        assertThat(cmp("Å", TEXT, "a", TEXT)).isZero();
        assertThat(cmp("a", TEXT, "B", TEXT)).isNegative();
        assertThat(cmp("ø", TEXT, "o", TEXT)).isNotZero();
        assertThat(cmp("abc", TEXT, "ab", TEXT)).isPositive();
        assertThat(Comparison.of(TEXT, TEXT)).isEqualTo(ComparisonType.STRING);
    }

    @Test
    void binaryStringsCompareBytes() {
        assertThat(Comparison.of(TEXT, BIN)).isEqualTo(ComparisonType.BINARY);
        assertThat(cmp("a", TEXT, "A".getBytes(), BIN)).isPositive();
        assertThat(cmp(new byte[]{(byte) 0xFF}, BIN, new byte[]{1}, BIN)).isPositive();
    }

    @Test
    void numbersCompareExactlyUnlessADoubleIsInvolved() {
        assertThat(Comparison.of(SqlType.INT, DEC)).isEqualTo(ComparisonType.DECIMAL);
        assertThat(cmp(1L, SqlType.INT, new BigDecimal("1.0"), DEC)).isZero();
        assertThat(cmp(12345678901234567L, SqlType.BIGINT, 12345678901234568e0, SqlType.DOUBLE)).isZero();
        assertThat(cmp(9223372036854775807L, SqlType.BIGINT, 9223372036854775806L, SqlType.BIGINT)).isPositive();
    }

    @Test
    void unsignedBigintsCompareAboveSignedOnes() {
        assertThat(Comparison.of(SqlType.BIGINT_UNSIGNED, SqlType.BIGINT)).isEqualTo(ComparisonType.INTEGER);
        assertThat(cmp(-1L, SqlType.BIGINT_UNSIGNED, -1L, SqlType.BIGINT)).isPositive();
        assertThat(cmp(-1L, SqlType.BIGINT_UNSIGNED, Long.MAX_VALUE, SqlType.BIGINT)).isPositive();
        assertThat(cmp(-2L, SqlType.BIGINT_UNSIGNED, -1L, SqlType.BIGINT_UNSIGNED)).isNegative();
        assertThat(cmp(5L, SqlType.BIGINT_UNSIGNED, -1L, SqlType.BIGINT)).isPositive();
    }

    @Test
    void stringsAgainstIntegersCompareAsDecimalAndAgainstDecimalsAsDouble() {
        assertThat(Comparison.of(TEXT, SqlType.INT)).isEqualTo(ComparisonType.DECIMAL);
        assertThat(Comparison.of(TEXT, DEC)).isEqualTo(ComparisonType.DOUBLE);
        assertThat(cmp("9223372036854775807", TEXT, 9223372036854775806L, SqlType.BIGINT)).isPositive();
        assertThat(cmp("1e3", TEXT, 1000L, SqlType.INT)).isZero();
        assertThat(cmp("abc", TEXT, 0L, SqlType.INT)).isZero();
        assertThat(ctx.messages()).containsExactly("Truncated incorrect DECIMAL value: 'abc'");
        assertThat(cmp("1.5", TEXT, new BigDecimal("1.5"), DEC)).isZero();
    }

    @Test
    void temporalsAgainstStringsAndNumbers() {
        LocalDate d = LocalDate.of(2024, 1, 1);
        assertThat(Comparison.of(SqlType.DATE, TEXT)).isEqualTo(ComparisonType.DATETIME);
        assertThat(cmp(d, SqlType.DATE, "2024-01-01 10:00:00", TEXT)).isNegative();
        assertThat(cmp(d, SqlType.DATE, "2024-01-01", TEXT)).isZero();
        assertThat(cmp(d, SqlType.DATE, 20240101L, SqlType.INT)).isZero();
        assertThat(cmp(LocalDateTime.of(2024, 1, 1, 0, 0), SqlType.DATETIME, 20240101L, SqlType.INT)).isZero();
        assertThat(cmp(d, SqlType.DATE, LocalDateTime.of(2024, 1, 1, 0, 0), SqlType.DATETIME)).isZero();
        assertThat(cmp(Duration.ofHours(10), SqlType.TIME, "10:00", TEXT)).isZero();
        assertThat(cmp(Duration.ofHours(10), SqlType.TIME, 100000L, SqlType.INT)).isZero();
    }

    @Test
    void anInvalidDateStringComparesBelowEveryDate() {
        assertThat(cmp(LocalDate.of(2024, 1, 1), SqlType.DATE, "abc", TEXT)).isPositive();
        assertThat(ctx.messages()).containsExactly("Truncated incorrect datetime value: 'abc'");
    }

    @Test
    void enumsOrderByPositionButCompareToStringsByLabel() {
        SqlType e = new SqlType(TypeKind.ENUM, 0, 0, 0, false, List.of("b", "a"));
        assertThat(Comparison.ordering(e).compare("b", e, "a", e, ctx)).isNegative();
        assertThat(cmp("a", e, "A", TEXT)).isZero();
        assertThat(cmp("b", e, 1L, SqlType.INT)).isZero();
    }

    @Test
    void nullSafeEquality() {
        assertThat(Comparison.nullSafeEqual(null, SqlType.INT, null, SqlType.INT, ctx)).isTrue();
        assertThat(Comparison.nullSafeEqual(1L, SqlType.INT, null, SqlType.INT, ctx)).isFalse();
        assertThat(Comparison.equal(1L, SqlType.INT, null, SqlType.INT, ctx)).isNull();
        assertThat(Comparison.equal("A", TEXT, "a", TEXT, ctx)).isTrue();
    }

    @Test
    void hashKeysFollowEquality() {
        assertThat(Comparison.hashKey("a", TEXT)).isEqualTo(Comparison.hashKey("A ", TEXT));
        assertThat(Comparison.hashKey(1L, SqlType.INT)).isEqualTo(Comparison.hashKey(new BigDecimal("1.00"), DEC));
        assertThat(Comparison.hashKey(1.0, SqlType.DOUBLE)).isEqualTo(Comparison.hashKey(1L, SqlType.INT));
        assertThat(Comparison.hashKey(new BigDecimal("0.10"), DEC)).isEqualTo(Comparison.hashKey(0.1, SqlType.DOUBLE));
        assertThat(Comparison.hashKey(-1L, SqlType.BIGINT_UNSIGNED)).isNotEqualTo(Comparison.hashKey(-1L, SqlType.BIGINT));
        assertThat(Comparison.hashKey(LocalDate.of(2024, 1, 1), SqlType.DATE))
                .isEqualTo(Comparison.hashKey(LocalDateTime.of(2024, 1, 1, 0, 0), SqlType.DATETIME));
        assertThat(Comparison.hashKey(new byte[]{1, 2}, BIN)).isEqualTo(Comparison.hashKey(new byte[]{1, 2}, BIN));
    }

    @Test
    void hashKeysInAJoinDomain() {
        ComparisonType ct = Comparison.of(TEXT, SqlType.INT);
        assertThat(Comparison.hashKey("1.0", TEXT, ct, ctx)).isEqualTo(Comparison.hashKey(1L, SqlType.INT, ct, ctx));
    }

    @Test
    void groupKeysTreatEqualValuesAsOneGroup() {
        SqlType[] types = {TEXT, SqlType.INT};
        GroupKey a = GroupKey.of(new Object[]{"abc", 1L}, types);
        GroupKey b = GroupKey.of(new Object[]{"ABC  ", 1L}, types);
        GroupKey c = GroupKey.of(new Object[]{"abd", 1L}, types);
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(c);
        assertThat(GroupKey.of(new Object[]{null, 1L}, types)).isEqualTo(GroupKey.of(new Object[]{null, 1L}, types));
        assertThat(GroupKey.of(new Object[]{null, 1L}, types).hasNull()).isTrue();
    }
}
