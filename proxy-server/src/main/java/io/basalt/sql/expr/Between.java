package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Comparison;

/** expr [NOT] BETWEEN low AND high, evaluating expr once. */
public record Between(Expr arg, Expr low, Expr high, boolean negated) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = arg.eval(row, ctx);
        Object lo = low.eval(row, ctx);
        Object hi = high.eval(row, ctx);
        Boolean geLow = v == null || lo == null ? null : cmp(v, arg, lo, low, ctx) >= 0;
        Boolean leHigh = v == null || hi == null ? null : cmp(v, arg, hi, high, ctx) <= 0;
        Boolean in;
        if (Boolean.FALSE.equals(geLow) || Boolean.FALSE.equals(leHigh)) {
            in = false;
        } else if (geLow == null || leHigh == null) {
            in = null;
        } else {
            in = true;
        }
        return in == null ? null : in != negated ? 1L : 0L;
    }

    private static int cmp(Object a, Expr ea, Object b, Expr eb, ExecContext ctx) {
        SqlType ta = ea.typeOf(a);
        SqlType tb = eb.typeOf(b);
        return Comparison.of(ta, tb).compare(a, ta, b, tb, ctx);
    }

    @Override
    public SqlType type() {
        return Logical.BOOLEAN;
    }
}
