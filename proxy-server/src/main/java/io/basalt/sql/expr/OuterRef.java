package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;

/** A correlated reference: a column of an enclosing query's current row ({@code depth} 0 = the nearest). */
public record OuterRef(int depth, int index, SqlType type) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        return ctx.outerRow(depth)[index];
    }
}
