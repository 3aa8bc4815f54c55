package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;

/** @name := expr inside an expression: stores and returns the value. */
public record UserVariableAssign(String name, Expr value) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = value.eval(row, ctx);
        ctx.session().userVariables().put(name, v);
        return v;
    }

    @Override
    public SqlType type() {
        return value.type();
    }
}
