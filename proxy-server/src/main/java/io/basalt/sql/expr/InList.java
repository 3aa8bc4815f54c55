package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Comparison;

import java.util.List;

/**
 * expr [NOT] IN (v1, v2, ...): TRUE on a match, else NULL if the value or any candidate is NULL, else FALSE.
 */
public record InList(Expr arg, List<Expr> candidates, boolean negated) implements Expr {
    public InList {
        candidates = List.copyOf(candidates);
    }

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = arg.eval(row, ctx);
        if (v == null) {
            return null;
        }
        SqlType tv = arg.typeOf(v);
        boolean sawNull = false;
        for (Expr c : candidates) {
            Object w = c.eval(row, ctx);
            if (w == null) {
                sawNull = true;
                continue;
            }
            SqlType tw = c.typeOf(w);
            if (Comparison.of(tv, tw).compare(v, tv, w, tw, ctx) == 0) {
                return negated ? 0L : 1L;
            }
        }
        return sawNull ? null : negated ? 1L : 0L;
    }

    @Override
    public SqlType type() {
        return Logical.BOOLEAN;
    }
}
