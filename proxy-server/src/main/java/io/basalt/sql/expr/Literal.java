package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;

/** A constant in the value model. */
public record Literal(Object value, SqlType type) implements Expr {
    public static final Literal NULL = new Literal(null, SqlType.NULL);

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        return value;
    }

    @Override
    public boolean nullable() {
        return value == null;
    }
}
