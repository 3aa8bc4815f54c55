package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Result types of CASE/IF/COALESCE/UNION as MariaDB 10.11 derives them. */
class TypeUnifierTest {
    private static final SqlType ONE = Values.typeOf(1L);

    private static SqlType unify(SqlType... types) {
        return TypeUnifier.unify(List.of(types));
    }

    @Test
    void numbers() {
        assertThat(unify(ONE, SqlType.decimal(2, 1))).isEqualTo(SqlType.decimal(2, 1));
        assertThat(unify(ONE, SqlType.DOUBLE)).isEqualTo(SqlType.DOUBLE);
        assertThat(unify(SqlType.decimal(2, 1), Values.typeOf(100000L))).isEqualTo(SqlType.decimal(7, 1));
        assertThat(unify(SqlType.INT, SqlType.BIGINT).kind()).isEqualTo(TypeKind.BIGINT);
        assertThat(unify(SqlType.BIGINT_UNSIGNED, ONE).kind()).isEqualTo(TypeKind.DECIMAL);
        assertThat(unify(SqlType.BIGINT_UNSIGNED, SqlType.BIGINT_UNSIGNED)).isEqualTo(SqlType.BIGINT_UNSIGNED);
    }

    @Test
    void nullsAreIgnored() {
        assertThat(unify(SqlType.NULL, ONE)).isEqualTo(ONE);
        assertThat(unify(SqlType.NULL, SqlType.NULL)).isEqualTo(SqlType.NULL);
    }

    @Test
    void temporals() {
        assertThat(unify(SqlType.DATE, SqlType.DATETIME)).isEqualTo(SqlType.DATETIME);
        assertThat(unify(SqlType.TIME, SqlType.DATE)).isEqualTo(SqlType.DATETIME);
        assertThat(unify(SqlType.temporal(TypeKind.DATETIME, 3), SqlType.DATETIME).fsp()).isEqualTo(3);
        assertThat(unify(SqlType.DATE, SqlType.varchar(1))).isEqualTo(SqlType.varchar(10));
        assertThat(unify(SqlType.DATE, ONE)).isEqualTo(SqlType.varchar(10));
    }

    @Test
    void strings() {
        assertThat(unify(ONE, SqlType.varchar(1))).isEqualTo(SqlType.varchar(2));
        assertThat(unify(SqlType.varchar(1), SqlType.of(TypeKind.VARBINARY).withLength(1)).kind())
                .isEqualTo(TypeKind.VARBINARY);
        assertThat(unify(SqlType.varchar(1), SqlType.of(TypeKind.TEXT))).isEqualTo(SqlType.LONGTEXT);
        assertThat(unify(SqlType.JSON, SqlType.JSON)).isEqualTo(SqlType.JSON);
    }
}
