package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.CastTarget;
import io.basalt.sql.value.Casts;

/** CAST(x AS type) / CONVERT(x, type) / BINARY x. */
public record CastExpr(Expr arg, CastTarget target, String text) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = arg.eval(row, ctx);
        return v == null ? null : Casts.cast(v, arg.typeOf(v), target, text, ctx);
    }

    @Override
    public SqlType type() {
        return Casts.resultType(target, arg.type());
    }
}
