package io.basalt.sql.value;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CAST results and warnings as MariaDB 10.11 gives them. */
class CastsTest {
    private static final SqlType TEXT = SqlType.varchar(30);
    private final TestContext ctx = new TestContext();

    private Object cast(Object v, SqlType from, String target) {
        return Casts.cast(v, from, CastTarget.parse(target), "cast(x as " + target + ")", ctx);
    }

    @Test
    void parsesTargets() {
        assertThat(CastTarget.parse("signed integer")).isEqualTo(CastTarget.of(CastTarget.Kind.SIGNED));
        assertThat(CastTarget.parse("CHAR(10) CHARACTER SET utf8mb4")).isEqualTo(
                new CastTarget(CastTarget.Kind.CHAR, 10, 0, 0));
        assertThat(CastTarget.parse("DECIMAL(10,2)")).isEqualTo(new CastTarget(CastTarget.Kind.DECIMAL, -1, 10, 2));
        assertThat(CastTarget.parse("decimal")).isEqualTo(new CastTarget(CastTarget.Kind.DECIMAL, -1, 10, 0));
        assertThat(CastTarget.parse("DATETIME(3)")).isEqualTo(new CastTarget(CastTarget.Kind.DATETIME, -1, 0, 3));
        assertThat(CastTarget.parse("double precision").kind()).isEqualTo(CastTarget.Kind.DOUBLE);
        assertThatThrownBy(() -> CastTarget.parse("BLOB")).isInstanceOf(MySqlException.class)
                .satisfies(e -> assertThat(((MySqlException) e).code()).isEqualTo(1064));
        assertThatThrownBy(() -> CastTarget.parse("DECIMAL(66,2)")).hasMessageContaining("Too big precision 66");
    }

    @Test
    void resultTypes() {
        assertThat(Casts.resultType(CastTarget.parse("UNSIGNED"), SqlType.INT)).isEqualTo(SqlType.BIGINT_UNSIGNED);
        assertThat(Casts.resultType(CastTarget.parse("CHAR(3)"), SqlType.INT)).isEqualTo(SqlType.varchar(3));
        assertThat(Casts.resultType(CastTarget.parse("DECIMAL(5,2)"), SqlType.INT)).isEqualTo(SqlType.decimal(5, 2));
        assertThat(Casts.resultType(CastTarget.parse("TIME(2)"), TEXT)).isEqualTo(SqlType.temporal(TypeKind.TIME, 2));
    }

    @Test
    void toSigned() {
        assertThat(cast("12abc", TEXT, "SIGNED")).isEqualTo(12L);
        assertThat(cast(new BigDecimal("12.5"), SqlType.decimal(3, 1), "SIGNED")).isEqualTo(13L);
        assertThat(cast(new BigDecimal("-12.5"), SqlType.decimal(3, 1), "SIGNED")).isEqualTo(-13L);
        assertThat(cast(12.5, SqlType.DOUBLE, "SIGNED")).isEqualTo(12L);
        assertThat(cast(13.5, SqlType.DOUBLE, "SIGNED")).isEqualTo(14L);
        assertThat(cast(1e30, SqlType.DOUBLE, "SIGNED")).isEqualTo(Long.MAX_VALUE);
        assertThat(cast("18446744073709551615", TEXT, "SIGNED")).isEqualTo(-1L);
        assertThat(ctx.conditions()).containsExactly(
                new TestContext.Condition("Warning", 1292, "Truncated incorrect INTEGER value: '12abc'"),
                new TestContext.Condition("Note", 1916,
                        "Got overflow when converting '1e30' to SIGNED BIGINT. Value truncated"),
                new TestContext.Condition("Note", 1105,
                        "Cast to signed converted positive out-of-range integer to it's negative complement"));
        assertThat(cast(-1L, SqlType.BIGINT_UNSIGNED, "SIGNED")).isEqualTo(-1L);
    }

    @Test
    void toUnsigned() {
        assertThat(cast(-1L, SqlType.INT, "UNSIGNED")).isEqualTo(-1L);
        assertThat(ctx.conditions()).containsExactly(new TestContext.Condition("Note", 1105,
                "Cast to unsigned converted negative integer to it's positive complement"));
        assertThat(cast(new BigDecimal("-0.5"), SqlType.decimal(2, 1), "UNSIGNED")).isEqualTo(0L);
        assertThat(ctx.messages()).contains("Got overflow when converting '-0.5' to UNSIGNED INT. Value truncated");
        assertThat(cast("-1", TEXT, "UNSIGNED")).isEqualTo(-1L);
        assertThat(cast(1e30, SqlType.DOUBLE, "UNSIGNED")).isEqualTo(-1L);
    }

    @Test
    void toChar() {
        assertThat(cast("abcd", TEXT, "CHAR(3)")).isEqualTo("abc");
        assertThat(ctx.messages()).containsExactly("Truncated incorrect CHAR(3) value: 'abcd'");
        assertThat(cast(1e20, SqlType.DOUBLE, "CHAR")).isEqualTo("1e20");
        assertThat(cast(LocalDateTime.of(2024, 1, 2, 3, 4, 5), SqlType.DATETIME, "CHAR"))
                .isEqualTo("2024-01-02 03:04:05");
    }

    @Test
    void toBinaryPadsAndCuts() {
        assertThat((byte[]) cast("ab", TEXT, "BINARY(4)")).containsExactly('a', 'b', 0, 0);
        assertThat((byte[]) cast("abc", TEXT, "BINARY(2)")).containsExactly('a', 'b');
        assertThat(ctx.messages()).containsExactly("Truncated incorrect BINARY(2) value: 'abc'");
    }

    @Test
    void toDecimalRoundsAndClips() {
        assertThat(cast(new BigDecimal("12345.678"), SqlType.decimal(8, 3), "DECIMAL(5,2)"))
                .isEqualTo(new BigDecimal("999.99"));
        assertThat(ctx.messages()).containsExactly(
                "Out of range value for column 'cast(x as DECIMAL(5,2))' at row 1");
        assertThat(cast("1.25", TEXT, "DECIMAL(3,1)")).isEqualTo(new BigDecimal("1.3"));
        assertThat(cast(1.5, SqlType.DOUBLE, "DECIMAL(3,1)")).isEqualTo(new BigDecimal("1.5"));
        assertThat(cast(new BigDecimal("-12345.6"), SqlType.decimal(6, 1), "DECIMAL(5,2)"))
                .isEqualTo(new BigDecimal("-999.99"));
    }

    @Test
    void toTemporals() {
        assertThat(cast("2024-01-01 10:00:00.999", TEXT, "DATETIME")).isEqualTo(LocalDateTime.of(2024, 1, 1, 10, 0));
        assertThat(cast("2024-01-01 10:00:00.999", TEXT, "DATETIME(2)"))
                .isEqualTo(LocalDateTime.of(2024, 1, 1, 10, 0, 0, 990_000_000));
        assertThat(cast(20240102L, SqlType.INT, "DATE")).isEqualTo(LocalDate.of(2024, 1, 2));
        assertThat(cast(20240102153000L, SqlType.BIGINT, "DATETIME")).isEqualTo(LocalDateTime.of(2024, 1, 2, 15, 30));
        assertThat(cast(153000L, SqlType.INT, "TIME")).isEqualTo(Duration.ofMinutes(930));
        assertThat(cast("2024-01-02 10:11:12", TEXT, "TIME")).isEqualTo(Duration.ofSeconds(36672));
        assertThat(cast("2024-01-01 10:20:30", TEXT, "DATE")).isEqualTo(LocalDate.of(2024, 1, 1));
        assertThat(ctx.conditions()).isEmpty();
        assertThat(cast("x", TEXT, "DATE")).isNull();
        assertThat(cast(2024L, SqlType.INT, "DATE")).isNull();
        assertThat(cast("2024-01-01abc", TEXT, "DATE")).isEqualTo(LocalDate.of(2024, 1, 1));
        assertThat(cast("10:00:00abc", TEXT, "TIME")).isEqualTo(Duration.ofHours(10));
        assertThat(ctx.messages()).containsExactly("Incorrect datetime value: 'x'",
                "Incorrect datetime value: '2024'", "Truncated incorrect date value: '2024-01-01abc'",
                "Truncated incorrect time value: '10:00:00abc'");
    }

    @Test
    void toJson() {
        assertThat(cast("{\"a\":1}", TEXT, "JSON")).isEqualTo("{\"a\": 1}");
        assertThat(cast(1.5, SqlType.DOUBLE, "JSON")).isEqualTo("1.5");
        assertThatThrownBy(() -> cast("{bad", TEXT, "JSON")).isInstanceOf(MySqlException.class)
                .satisfies(e -> assertThat(((MySqlException) e).code()).isEqualTo(3141));
    }
}
