package io.basalt.sql.value;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Arithmetic results, types and errors as MariaDB 10.11 gives them. */
class ArithmeticTest {
    private static final SqlType INT = SqlType.INT;
    private static final SqlType UINT = SqlType.INT.withUnsigned(true);
    private static final SqlType ONE = Values.typeOf(1L);
    private static final SqlType DEC10_2 = SqlType.decimal(10, 2);
    private static final SqlType TEXT = SqlType.varchar(10);
    private final TestContext ctx = new TestContext();

    private Object apply(ArithmeticOp op, Object a, SqlType ta, Object b, SqlType tb) {
        return Arithmetic.apply(op, a, ta, b, tb, "expr", ctx);
    }

    private static BigDecimal dec(String s) {
        return new BigDecimal(s);
    }

    @Test
    void resultTypes() {
        assertThat(Arithmetic.resultType(ArithmeticOp.ADD, INT, INT)).isEqualTo(SqlType.BIGINT.withLength(12));
        assertThat(Arithmetic.resultType(ArithmeticOp.ADD, ONE, ONE).kind()).isEqualTo(TypeKind.INT);
        assertThat(Arithmetic.resultType(ArithmeticOp.SUBTRACT, UINT, INT).unsigned()).isTrue();
        assertThat(Arithmetic.resultType(ArithmeticOp.MODULO, INT, UINT).unsigned()).isFalse();
        assertThat(Arithmetic.resultType(ArithmeticOp.ADD, DEC10_2, DEC10_2)).isEqualTo(SqlType.decimal(11, 2));
        assertThat(Arithmetic.resultType(ArithmeticOp.MULTIPLY, DEC10_2, DEC10_2)).isEqualTo(SqlType.decimal(20, 4));
        assertThat(Arithmetic.resultType(ArithmeticOp.DIVIDE, DEC10_2, DEC10_2)).isEqualTo(SqlType.decimal(16, 6));
        assertThat(Arithmetic.resultType(ArithmeticOp.DIVIDE, INT, DEC10_2)).isEqualTo(SqlType.decimal(16, 4));
        assertThat(Arithmetic.resultType(ArithmeticOp.DIVIDE, ONE, Values.typeOf(3L))).isEqualTo(SqlType.decimal(5, 4));
        assertThat(Arithmetic.resultType(ArithmeticOp.MULTIPLY, SqlType.decimal(65, 30), SqlType.decimal(65, 30)))
                .isEqualTo(SqlType.decimal(65, 38));
        assertThat(Arithmetic.resultType(ArithmeticOp.DIVIDE, SqlType.decimal(65, 30), ONE).scale()).isEqualTo(34);
        assertThat(Arithmetic.resultType(ArithmeticOp.ADD, TEXT, ONE)).isEqualTo(SqlType.DOUBLE);
        assertThat(Arithmetic.resultType(ArithmeticOp.ADD, SqlType.temporal(TypeKind.DATETIME, 3), ONE))
                .isEqualTo(SqlType.decimal(18, 3));
        assertThat(Arithmetic.resultType(ArithmeticOp.BIT_AND, INT, INT)).isEqualTo(SqlType.BIGINT_UNSIGNED);
    }

    @Test
    void integerArithmeticOverflowsWithError1690() {
        assertThat(apply(ArithmeticOp.ADD, 1L, INT, 2L, INT)).isEqualTo(3L);
        assertThatThrownBy(() -> Arithmetic.apply(ArithmeticOp.ADD, Long.MAX_VALUE, SqlType.BIGINT, 1L, ONE,
                "9223372036854775807 + 1", ctx))
                .isInstanceOf(MySqlException.class)
                .hasMessage("BIGINT value is out of range in '9223372036854775807 + 1'")
                .satisfies(e -> assertThat(((MySqlException) e).code()).isEqualTo(1690));
        assertThatThrownBy(() -> apply(ArithmeticOp.MULTIPLY, Long.MAX_VALUE, SqlType.BIGINT, 2L, ONE))
                .hasMessageContaining("BIGINT value");
    }

    @Test
    void unsignedArithmetic() {
        SqlType u = SqlType.BIGINT_UNSIGNED;
        assertThatThrownBy(() -> Arithmetic.apply(ArithmeticOp.SUBTRACT, 1L, u, 2L, ONE, "cast(1 as unsigned) - 2",
                ctx)).hasMessage("BIGINT UNSIGNED value is out of range in 'cast(1 as unsigned) - 2'");
        assertThat(apply(ArithmeticOp.ADD, -2L, u, 1L, ONE)).isEqualTo(-1L);
        assertThat(apply(ArithmeticOp.ADD, -1L, ONE, 5L, u)).isEqualTo(4L);
        assertThat(apply(ArithmeticOp.INT_DIVIDE, -1L, u, 2L, ONE)).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> apply(ArithmeticOp.ADD, -1L, u, 1L, ONE)).hasMessageContaining("UNSIGNED");
    }

    @Test
    void decimalArithmeticIsExact() {
        assertThat(apply(ArithmeticOp.MULTIPLY, dec("1.50"), SqlType.decimal(3, 2), dec("2.1"), SqlType.decimal(2, 1)))
                .isEqualTo(dec("3.150"));
        assertThat(apply(ArithmeticOp.ADD, dec("0.1"), SqlType.decimal(1, 1), dec("0.2"), SqlType.decimal(1, 1)))
                .isEqualTo(dec("0.3"));
        assertThat(apply(ArithmeticOp.ADD, 1L, INT, dec("1.25"), DEC10_2)).isEqualTo(dec("2.25"));
    }

    @Test
    void decimalDivisionKeepsNineDigitGroupsTruncated() {
        Object third = apply(ArithmeticOp.DIVIDE, 1L, ONE, 3L, ONE);
        assertThat(third).isEqualTo(dec("0.333333333"));
        SqlType t = Arithmetic.resultType(ArithmeticOp.DIVIDE, ONE, ONE);
        assertThat(Values.toText(third, t)).isEqualTo("0.3333");
        assertThat(Values.toText(apply(ArithmeticOp.DIVIDE, 2L, ONE, 3L, ONE), t)).isEqualTo("0.6667");
        Object back = apply(ArithmeticOp.MULTIPLY, third, t, 3L, ONE);
        assertThat(Values.toText(back, Arithmetic.resultType(ArithmeticOp.MULTIPLY, t, ONE))).isEqualTo("1.0000");
        assertThat(apply(ArithmeticOp.DIVIDE, dec("1.1234567891"), SqlType.decimal(11, 10), 3L, ONE))
                .isEqualTo(dec("0.374485596366666666"));
        assertThat(apply(ArithmeticOp.DIVIDE, 5L, ONE, 2L, ONE)).isEqualTo(dec("2.500000000"));
    }

    @Test
    void stringsAndFloatsComputeInDouble() {
        assertThat(apply(ArithmeticOp.ADD, "1", TEXT, "2", TEXT)).isEqualTo(3.0);
        assertThat(apply(ArithmeticOp.ADD, "12abc", TEXT, 1L, ONE)).isEqualTo(13.0);
        assertThat(ctx.codes()).containsExactly(1292);
        assertThatThrownBy(() -> Arithmetic.apply(ArithmeticOp.MULTIPLY, 1e308, SqlType.DOUBLE, 10L, ONE,
                "1e308 * 10", ctx)).hasMessage("DOUBLE value is out of range in '1e308 * 10'");
    }

    @Test
    void divisionByZeroIsNullWithWarningOrAnError() {
        assertThat(apply(ArithmeticOp.DIVIDE, 1L, ONE, 0L, ONE)).isNull();
        assertThat(apply(ArithmeticOp.INT_DIVIDE, 1L, ONE, 0L, ONE)).isNull();
        assertThat(apply(ArithmeticOp.MODULO, dec("1.5"), SqlType.decimal(2, 1), 0L, ONE)).isNull();
        assertThat(apply(ArithmeticOp.DIVIDE, 1.0, SqlType.DOUBLE, 0L, ONE)).isNull();
        assertThat(ctx.conditions()).hasSize(4)
                .allSatisfy(c -> assertThat(c).isEqualTo(new TestContext.Condition("Warning", 1365, "Division by 0")));
        ctx.divisionByZeroIsError(true);
        assertThatThrownBy(() -> apply(ArithmeticOp.DIVIDE, 1L, ONE, 0L, ONE))
                .isInstanceOf(MySqlException.class).hasMessage("Division by 0");
    }

    @Test
    void modAndDiv() {
        assertThat(apply(ArithmeticOp.MODULO, 5L, ONE, -3L, ONE)).isEqualTo(2L);
        assertThat(apply(ArithmeticOp.MODULO, -5L, ONE, 3L, ONE)).isEqualTo(-2L);
        assertThat(apply(ArithmeticOp.MODULO, dec("-5.5"), SqlType.decimal(2, 1), 3L, ONE)).isEqualTo(dec("-2.5"));
        assertThat(apply(ArithmeticOp.MODULO, 5.5, SqlType.DOUBLE, 3L, ONE)).isEqualTo(2.5);
        assertThat(apply(ArithmeticOp.INT_DIVIDE, dec("7.5"), SqlType.decimal(2, 1), 2L, ONE)).isEqualTo(3L);
        assertThat(apply(ArithmeticOp.INT_DIVIDE, dec("-7.5"), SqlType.decimal(2, 1), 2L, ONE)).isEqualTo(-3L);
        assertThat(apply(ArithmeticOp.INT_DIVIDE, 7.5, SqlType.DOUBLE, 2L, ONE)).isEqualTo(3L);
        assertThatThrownBy(() -> apply(ArithmeticOp.INT_DIVIDE, dec("23058430092136939517.5"),
                SqlType.decimal(21, 1), 1L, ONE)).hasMessageContaining("BIGINT value is out of range");
    }

    @Test
    void bitOperations() {
        assertThat(apply(ArithmeticOp.BIT_AND, -1L, ONE, 255L, ONE)).isEqualTo(255L);
        assertThat(apply(ArithmeticOp.SHIFT_LEFT, 1L, ONE, 64L, ONE)).isEqualTo(0L);
        assertThat(apply(ArithmeticOp.SHIFT_LEFT, 1L, ONE, 63L, ONE)).isEqualTo(Long.MIN_VALUE);
        assertThat(apply(ArithmeticOp.SHIFT_RIGHT, -1L, ONE, 1L, ONE)).isEqualTo(Long.MAX_VALUE);
        assertThat(apply(ArithmeticOp.BIT_OR, dec("3.5"), SqlType.decimal(2, 1), 0L, ONE)).isEqualTo(4L);
        assertThat(apply(ArithmeticOp.BIT_OR, 2.5, SqlType.DOUBLE, 0L, ONE)).isEqualTo(3L);
        assertThat(apply(ArithmeticOp.BIT_OR, "12abc", TEXT, 0L, ONE)).isEqualTo(12L);
        assertThat(ctx.messages()).containsExactly("Truncated incorrect DECIMAL value: '12abc'");
        assertThat(Arithmetic.bitNot(0L, ONE, ctx)).isEqualTo(-1L);
    }

    @Test
    void negation() {
        assertThat(Arithmetic.negate(5L, INT, "-x", ctx)).isEqualTo(-5L);
        assertThat(Arithmetic.negate(dec("1.5"), SqlType.decimal(2, 1), "-x", ctx)).isEqualTo(dec("-1.5"));
        assertThat(Arithmetic.negate("2", TEXT, "-x", ctx)).isEqualTo(-2.0);
        assertThatThrownBy(() -> Arithmetic.negate(Long.MIN_VALUE, SqlType.BIGINT, "-(x)", ctx))
                .hasMessage("BIGINT value is out of range in '-(x)'");
        assertThat(Arithmetic.negateType(SqlType.BIGINT_UNSIGNED).unsigned()).isFalse();
    }

    @Test
    void temporalsComputeAsTheirNumbers() {
        SqlType dt3 = SqlType.temporal(TypeKind.DATETIME, 3);
        Object r = apply(ArithmeticOp.ADD, java.time.LocalDateTime.of(2024, 1, 2, 3, 4, 5, 120_000_000), dt3, 0L, ONE);
        assertThat(Values.toText(r, Arithmetic.resultType(ArithmeticOp.ADD, dt3, ONE))).isEqualTo("20240102030405.120");
        assertThat(apply(ArithmeticOp.ADD, java.time.LocalDate.of(2024, 1, 2), SqlType.DATE, 0L, ONE))
                .isEqualTo(20240102L);
    }

    @Test
    void fixedDecimalDoublesKeepTheirDecimals() {
        SqlType d2 = new SqlType(TypeKind.DOUBLE, 10, 10, 2, false, List.of());
        assertThat(Arithmetic.resultType(ArithmeticOp.MULTIPLY, d2, ONE).scale()).isEqualTo(2);
        assertThat(Arithmetic.resultType(ArithmeticOp.MULTIPLY, d2, SqlType.DOUBLE).scale()).isZero();
    }
}
