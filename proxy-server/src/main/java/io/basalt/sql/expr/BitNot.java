package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Arithmetic;

/** ~x (BIGINT UNSIGNED). */
public record BitNot(Expr arg) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = arg.eval(row, ctx);
        return Arithmetic.bitNot(v, arg.typeOf(v), ctx);
    }

    @Override
    public SqlType type() {
        return SqlType.BIGINT_UNSIGNED;
    }
}
