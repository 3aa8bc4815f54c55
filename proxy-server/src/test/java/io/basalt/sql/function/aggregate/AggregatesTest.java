package io.basalt.sql.function.aggregate;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.value.TestContext;
import io.basalt.sql.value.Values;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Aggregates over the rows (1, 10, 2^64-1, 1.50, 1.5, 'b'), (2, 20, 1, 2.25, 2.5, 'A'), (2, NULL...) with the
 * results and result types MariaDB 10.11 gives for them.
 */
class AggregatesTest {
    private static final SqlType DEC = SqlType.decimal(10, 2);
    private static final SqlType TEXT = SqlType.varchar(10);
    private final TestContext ctx = new TestContext();

    private Object aggregate(String name, SqlType type, boolean distinct, Object... values) {
        Accumulator acc = AggregateRegistry.lookup(name).orElseThrow()
                .newAccumulator(new SqlType[]{type}, distinct, ctx);
        for (Object v : values) {
            acc.add(new Object[]{v});
        }
        return acc.result();
    }

    private String shown(String name, SqlType type, Object... values) {
        SqlType result = AggregateRegistry.lookup(name).orElseThrow().returnType(List.of(type));
        return Values.toText(aggregate(name, type, false, values), result);
    }

    @Test
    void sums() {
        assertThat(shown("SUM", SqlType.INT, 1L, 2L, 2L, null)).isEqualTo("5");
        assertThat(shown("SUM", SqlType.BIGINT_UNSIGNED, -1L, 1L, null)).isEqualTo("18446744073709551616");
        assertThat(shown("SUM", DEC, new BigDecimal("1.50"), new BigDecimal("2.25"), null)).isEqualTo("3.75");
        assertThat(shown("SUM", SqlType.DOUBLE, 1.5, 2.5, null)).isEqualTo("4");
        assertThat(shown("SUM", SqlType.BIGINT, Long.MAX_VALUE, Long.MAX_VALUE)).isEqualTo("18446744073709551614");
        assertThat(shown("SUM", TEXT, "b", "A")).isEqualTo("0");
        assertThat(ctx.codes()).containsExactly(1292, 1292);
        assertThat(aggregate("SUM", SqlType.INT, false)).isNull();
        assertThat(AggregateRegistry.lookup("SUM").orElseThrow().returnType(List.of(SqlType.INT)))
                .isEqualTo(SqlType.decimal(32, 0));
        assertThat(AggregateRegistry.lookup("sum").orElseThrow().returnType(List.of(DEC)))
                .isEqualTo(SqlType.decimal(32, 2));
    }

    @Test
    void averages() {
        assertThat(shown("AVG", SqlType.INT, 1L, 2L, 2L, null)).isEqualTo("1.6667");
        assertThat(shown("AVG", DEC, new BigDecimal("1.50"), new BigDecimal("2.25"), null)).isEqualTo("1.875000");
        assertThat(shown("AVG", SqlType.DOUBLE, 1.5, 2.5, null)).isEqualTo("2");
        assertThat(AggregateRegistry.lookup("AVG").orElseThrow().returnType(List.of(SqlType.INT)))
                .isEqualTo(SqlType.decimal(14, 4));
    }

    @Test
    void minAndMaxUseTheComparisonRules() {
        assertThat(aggregate("MIN", SqlType.INT, false, 2L, 1L, null)).isEqualTo(1L);
        assertThat(aggregate("MAX", TEXT, false, "b", "A", null)).isEqualTo("b");
        assertThat(aggregate("MIN", TEXT, false, "b", "A")).isEqualTo("A");
        assertThat(aggregate("MAX", SqlType.BIGINT_UNSIGNED, false, 1L, -1L)).isEqualTo(-1L);
        assertThat(aggregate("MIN", SqlType.DATETIME, false, LocalDateTime.of(2024, 1, 2, 0, 0),
                LocalDateTime.of(2024, 1, 1, 0, 0))).isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0));
        assertThat(aggregate("MAX", SqlType.INT, false, (Object) null)).isNull();
    }

    @Test
    void counts() {
        Accumulator star = AggregateRegistry.lookup("COUNT").orElseThrow().newAccumulator(new SqlType[0], false, ctx);
        star.add(new Object[0]);
        star.add(new Object[0]);
        assertThat(star.result()).isEqualTo(2L);
        assertThat(aggregate("COUNT", SqlType.INT, false, 1L, 2L, 2L, null)).isEqualTo(3L);
        assertThat(aggregate("COUNT", SqlType.INT, true, 1L, 2L, 2L, null)).isEqualTo(2L);
        assertThat(aggregate("COUNT", TEXT, true, "a", "A ", "b")).isEqualTo(2L);
        assertThat(aggregate("COUNT", SqlType.INT, false)).isEqualTo(0L);
        Accumulator pairs = AggregateRegistry.lookup("COUNT").orElseThrow()
                .newAccumulator(new SqlType[]{SqlType.INT, TEXT}, true, ctx);
        pairs.add(new Object[]{1L, "x"});
        pairs.add(new Object[]{1L, "X"});
        pairs.add(new Object[]{1L, null});
        pairs.add(new Object[]{2L, "x"});
        assertThat(pairs.result()).isEqualTo(2L);
    }

    @Test
    void bitAggregates() {
        assertThat(aggregate("BIT_AND", SqlType.INT, false, 1L, 2L, 2L, null)).isEqualTo(0L);
        assertThat(aggregate("BIT_OR", SqlType.INT, false, 1L, 2L, 2L, null)).isEqualTo(3L);
        assertThat(aggregate("BIT_XOR", SqlType.INT, false, 1L, 2L, 2L, null)).isEqualTo(1L);
        assertThat(Values.toText(aggregate("BIT_AND", SqlType.INT, false), SqlType.BIGINT_UNSIGNED))
                .isEqualTo("18446744073709551615");
    }

    @Test
    void varianceFamilyShowsTheScalePlusFour() {
        assertThat(shown("STD", SqlType.INT, 1L, 2L, 2L, null)).isEqualTo("0.4714");
        assertThat(shown("VARIANCE", SqlType.INT, 1L, 2L, 2L, null)).isEqualTo("0.2222");
        assertThat(shown("VAR_SAMP", SqlType.INT, 1L, 2L, 2L, null)).isEqualTo("0.3333");
        assertThat(shown("STDDEV_SAMP", DEC, new BigDecimal("1.50"), new BigDecimal("2.25"))).isEqualTo("0.530330");
        assertThat(aggregate("VAR_SAMP", SqlType.INT, false, 1L)).isNull();
        assertThat(aggregate("STDDEV_POP", SqlType.INT, false, 5L)).isEqualTo(0.0);
    }

    @Test
    void groupConcat() {
        assertThat(aggregate("GROUP_CONCAT", SqlType.INT, false, 1L, 2L, 2L, null)).isEqualTo("1,2,2");
        Accumulator ordered = GroupConcat.newAccumulator(new SqlType[]{SqlType.INT}, true, ";",
                GroupConcat.orderBy(new int[]{0}, new SqlType[]{SqlType.INT}, new boolean[]{true}, ctx), ctx);
        for (Object v : Arrays.asList(1L, 2L, 2L, null)) {
            ordered.add(new Object[]{v});
        }
        assertThat(ordered.result()).isEqualTo("2;1");
        Accumulator byKey = GroupConcat.newAccumulator(new SqlType[]{TEXT}, false, ",",
                GroupConcat.orderBy(new int[]{1}, new SqlType[]{SqlType.INT}, new boolean[]{false}, ctx), ctx);
        byKey.add(new Object[]{"c", 3L});
        byKey.add(new Object[]{"a", 1L});
        byKey.add(new Object[]{"b", null});
        assertThat(byKey.result()).isEqualTo("b,a,c");
        assertThat(aggregate("GROUP_CONCAT", SqlType.INT, false, (Object) null)).isNull();
    }

    @Test
    void groupConcatIsCutAtTheMaximumLength() {
        ctx.groupConcatMaxLen(5);
        assertThat(aggregate("GROUP_CONCAT", TEXT, false, "abc", "def", "ghi")).isEqualTo("abc,d");
        assertThat(ctx.conditions()).containsExactly(
                new TestContext.Condition("Warning", 1260, "Row 2 was cut by GROUP_CONCAT()"));
    }

    @Test
    void typesAndArity() {
        assertThat(AggregateRegistry.lookup("GROUP_CONCAT").orElseThrow().returnType(List.of(SqlType.INT)).kind())
                .isEqualTo(TypeKind.MEDIUMTEXT);
        assertThat(AggregateRegistry.lookup("STD").orElseThrow().returnType(List.of(SqlType.DOUBLE)))
                .isEqualTo(SqlType.DOUBLE);
        assertThat(AggregateRegistry.lookup("MIN").orElseThrow().returnType(List.of(TEXT))).isEqualTo(TEXT);
        assertThatThrownBy(() -> AggregateRegistry.lookup("SUM").orElseThrow().returnType(List.of()))
                .isInstanceOf(MySqlException.class);
        assertThat(AggregateRegistry.lookup("nope")).isEmpty();
    }
}
