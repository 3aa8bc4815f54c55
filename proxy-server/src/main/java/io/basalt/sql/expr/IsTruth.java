package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;

/** expr IS [NOT] TRUE / FALSE: never NULL. */
public record IsTruth(Expr arg, boolean expected, boolean negated) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Boolean b = Truth.of(arg, row, ctx);
        boolean is = b != null && b == expected;
        return is != negated ? 1L : 0L;
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
