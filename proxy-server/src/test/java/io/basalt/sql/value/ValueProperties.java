package io.basalt.sql.value;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.type.SqlType;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Properties of numeric conversion, comparison, keys and arithmetic. */
class ValueProperties {
    private final TestContext ctx = new TestContext();

    @Provide
    Arbitrary<BigDecimal> decimals() {
        return Arbitraries.bigDecimals().between(new BigDecimal("-1e6"), new BigDecimal("1e6")).ofScale(2);
    }

    @Property
    void doubleTextReadsBackAsTheSameDouble(@ForAll double d) {
        String text = Values.toText(d, SqlType.DOUBLE);
        assertThat(Double.parseDouble(text)).isEqualTo(d == 0 ? 0.0 : d);
    }

    @Property
    void integerAndDecimalKeysAgreeWithComparison(@ForAll long a, @ForAll("decimals") BigDecimal b) {
        SqlType dec = SqlType.decimal(10, 2);
        boolean equal = Comparison.compare(a, SqlType.BIGINT, b, dec, ctx) == 0;
        assertThat(Comparison.hashKey(a, SqlType.BIGINT).equals(Comparison.hashKey(b, dec))).isEqualTo(equal);
    }

    @Property
    void decimalKeysIgnoreTrailingZeros(@ForAll("decimals") BigDecimal d) {
        SqlType dec = SqlType.decimal(12, 4);
        assertThat(Comparison.hashKey(d.setScale(4), dec)).isEqualTo(Comparison.hashKey(d, SqlType.decimal(10, 2)));
    }

    @Property
    void comparisonIsAntisymmetricAcrossNumericTypes(@ForAll long a, @ForAll double b) {
        int ab = Integer.signum(Comparison.compare(a, SqlType.BIGINT, b, SqlType.DOUBLE, ctx));
        int ba = Integer.signum(Comparison.compare(b, SqlType.DOUBLE, a, SqlType.BIGINT, ctx));
        assertThat(ab).isEqualTo(-ba);
    }

    @Property
    void bigintAdditionIsExactOrError1690(@ForAll long a, @ForAll long b) {
        long exact;
        try {
            exact = Math.addExact(a, b);
        } catch (ArithmeticException overflow) {
            assertThatThrownBy(() -> Arithmetic.apply(ArithmeticOp.ADD, a, SqlType.BIGINT, b, SqlType.BIGINT, "a + b",
                    ctx)).isInstanceOf(MySqlException.class).hasMessage("BIGINT value is out of range in 'a + b'");
            return;
        }
        assertThat(Arithmetic.apply(ArithmeticOp.ADD, a, SqlType.BIGINT, b, SqlType.BIGINT, "a + b", ctx))
                .isEqualTo(exact);
    }

    @Property
    void decimalDivisionTimesDivisorIsCloseToTheDividend(@ForAll("decimals") BigDecimal a,
                                                          @ForAll("decimals") BigDecimal b) {
        if (b.signum() == 0) {
            return;
        }
        SqlType dec = SqlType.decimal(10, 2);
        BigDecimal q = (BigDecimal) Arithmetic.apply(ArithmeticOp.DIVIDE, a, dec, b, dec, "a / b", ctx);
        assertThat(q.multiply(b).subtract(a).abs()).isLessThanOrEqualTo(b.abs().movePointLeft(q.scale()));
    }
}
