package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Values;

/** Implicit conversion to a unified type (CASE/IF/COALESCE branches, UNION columns). */
public record Coerced(Expr arg, SqlType type) implements Expr {
    public static Expr to(Expr arg, SqlType type) {
        return arg.type().equals(type) && !arg.dynamicType() ? arg : new Coerced(arg, type);
    }

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = arg.eval(row, ctx);
        return v == null ? null : Values.coerce(v, arg.typeOf(v), type, ctx);
    }

    @Override
    public boolean nullable() {
        return arg.nullable();
    }
}
