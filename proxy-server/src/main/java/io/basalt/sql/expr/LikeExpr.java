package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Like;
import io.basalt.sql.value.Values;

/**
 * expr [NOT] LIKE pattern [ESCAPE c] under the case-insensitive collation. A constant pattern is compiled once per
 * execution; a varying one per row.
 */
public record LikeExpr(Expr arg, Expr pattern, Expr escape, boolean negated) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = arg.eval(row, ctx);
        Object p = pattern.eval(row, ctx);
        if (v == null || p == null) {
            return null;
        }
        char esc = '\\';
        if (escape != null) {
            Object e = escape.eval(row, ctx);
            String es = e == null ? "" : Values.toText(e, escape.typeOf(e));
            esc = es.isEmpty() ? '\\' : es.charAt(0);
        }
        String text = Values.toText(p, pattern.typeOf(p));
        char escChar = esc;
        Like like = ctx.statementState(new PatternKey(this, text, escChar), () -> Like.compile(text, escChar, false));
        boolean m = like.matches(Values.toText(v, arg.typeOf(v)));
        return m != negated ? 1L : 0L;
    }

    private record PatternKey(LikeExpr owner, String pattern, char escape) {
    }

    @Override
    public SqlType type() {
        return Logical.BOOLEAN;
    }
}
