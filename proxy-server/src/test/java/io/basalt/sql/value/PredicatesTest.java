package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/** Three-valued logic, IN and BETWEEN. */
class PredicatesTest {
    private static final SqlType TEXT = SqlType.varchar(5);
    private final TestContext ctx = new TestContext();

    @Test
    void threeValuedLogic() {
        assertThat(Predicates.and(null, false)).isFalse();
        assertThat(Predicates.and(null, true)).isNull();
        assertThat(Predicates.or(null, true)).isTrue();
        assertThat(Predicates.or(null, false)).isNull();
        assertThat(Predicates.xor(true, true)).isFalse();
        assertThat(Predicates.xor(null, true)).isNull();
        assertThat(Predicates.not(null)).isNull();
        assertThat(Predicates.toSql(true)).isEqualTo(1L);
        assertThat(Predicates.toSql(null)).isNull();
    }

    @Test
    void inList() {
        Object[] list = {1L, "A", null};
        SqlType[] types = {SqlType.INT, TEXT, SqlType.NULL};
        assertThat(Predicates.in("a", TEXT, list, types, ctx)).isTrue();
        assertThat(Predicates.in(new BigDecimal("1.0"), SqlType.decimal(2, 1), list, types, ctx)).isTrue();
        assertThat(Predicates.in("b", TEXT, list, types, ctx)).isNull();
        assertThat(Predicates.in("b", TEXT, new Object[]{"a"}, new SqlType[]{TEXT}, ctx)).isFalse();
        assertThat(Predicates.in(null, TEXT, new Object[]{"a"}, new SqlType[]{TEXT}, ctx)).isNull();
    }

    @Test
    void between() {
        assertThat(Predicates.between(5L, SqlType.INT, 1L, SqlType.INT, 10L, SqlType.INT, ctx)).isTrue();
        assertThat(Predicates.between("b", TEXT, "A", TEXT, "C", TEXT, ctx)).isTrue();
        assertThat(Predicates.between(11L, SqlType.INT, 1L, SqlType.INT, null, SqlType.NULL, ctx)).isNull();
        assertThat(Predicates.between(0L, SqlType.INT, 1L, SqlType.INT, null, SqlType.NULL, ctx)).isFalse();
    }
}
