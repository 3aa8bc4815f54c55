package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;

/** expr IS [NOT] NULL. */
public record IsNull(Expr arg, boolean negated) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        return (arg.eval(row, ctx) == null) != negated ? 1L : 0L;
    }

    @Override
    public SqlType type() {
        return Logical.BOOLEAN;
    }

    @Override
    public boolean nullable() {
        return false;
    }
}
