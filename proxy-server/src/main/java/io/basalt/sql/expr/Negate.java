package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Arithmetic;

/** Unary minus. */
public record Negate(Expr arg, String text) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = arg.eval(row, ctx);
        return v == null ? null : Arithmetic.negate(v, arg.typeOf(v), text, ctx);
    }

    @Override
    public SqlType type() {
        return Arithmetic.negateType(arg.type());
    }

    @Override
    public boolean nullable() {
        return arg.nullable();
    }
}
