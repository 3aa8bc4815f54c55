package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.Literal;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Temporals;
import io.basalt.sql.value.Values;
import org.apache.calcite.sql.SqlBinaryStringLiteral;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.BitString;
import org.apache.calcite.util.NlsString;

/** SQL literals as MySQL types them: integers INT/BIGINT, 1.50 DECIMAL(3,2), 1e3 DOUBLE, TRUE = 1, strings. */
final class Literals {
    private Literals() {
    }

    static Expr bind(SqlLiteral lit) {
        if (lit.getValue() == null || lit.getTypeName() == SqlTypeName.NULL) {
            return Literal.NULL;
        }
        if (lit instanceof SqlNumericLiteral n) {
            Values.Literal v = Values.numericLiteral(n.toValue());
            return new Literal(v.value(), v.type());
        }
        if (lit instanceof SqlCharStringLiteral s) {
            String text = s.getValueAs(NlsString.class).getValue();
            return new Literal(text, Values.typeOf(text));
        }
        if (lit instanceof SqlBinaryStringLiteral b) {
            byte[] bytes = b.getValueAs(BitString.class).getAsByteArray();
            return new Literal(bytes, Values.typeOf(bytes));
        }
        switch (lit.getTypeName()) {
            case BOOLEAN -> {
                return new Literal(lit.booleanValue() ? 1L : 0L, SqlType.INT.withLength(1));
            }
            case DATE -> {
                var d = Temporals.parseDate(lit.toValue());
                return temporal(d.value(), lit);
            }
            case TIMESTAMP -> {
                var d = Temporals.parseDateTime(lit.toValue());
                return temporal(d.value(), lit);
            }
            case TIME -> {
                var d = Temporals.parseTime(lit.toValue());
                return temporal(d.value(), lit);
            }
            case SYMBOL -> {
                String text = String.valueOf(lit.getValue());
                return new Literal(text, Values.typeOf(text));
            }
            default -> throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, lit.toString());
        }
    }

    private static Expr temporal(Object value, SqlLiteral lit) {
        if (value == null) {
            throw new MySqlException(ErrorCode.TRUNCATED_WRONG_VALUE, lit.getTypeName().getName(), lit.toValue());
        }
        return new Literal(value, Values.typeOf(value));
    }
}
