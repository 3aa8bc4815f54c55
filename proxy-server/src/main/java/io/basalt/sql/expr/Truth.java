package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.value.Values;

/** MySQL truthiness of an expression's value: TRUE, FALSE or NULL (unknown). */
public final class Truth {
    private Truth() {
    }

    public static Boolean of(Expr e, Object[] row, ExecContext ctx) {
        Object v = e.eval(row, ctx);
        return v == null ? null : Values.isTrue(v, e.typeOf(v), ctx);
    }

    /** WHERE/ON/HAVING semantics: only TRUE passes. */
    public static boolean passes(Expr e, Object[] row, ExecContext ctx) {
        return Boolean.TRUE.equals(of(e, row, ctx));
    }
}
