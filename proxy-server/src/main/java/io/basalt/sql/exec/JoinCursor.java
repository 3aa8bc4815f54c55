package io.basalt.sql.exec;

import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.Truth;

import java.util.List;
import java.util.function.Function;

/**
 * The probe side of a join: for each outer row, the candidate inner rows (all of them, or a hash bucket) that pass
 * the condition; a LEFT join emits the outer row with NULLs when none does.
 */
final class JoinCursor implements RowSource {
    private final RowSource outer;
    private final Function<Object[], List<Object[]>> candidatesOf;
    private final Expr condition;
    private final JoinKind kind;
    private final int innerWidth;
    private final ExecContext ctx;
    private Object[] current;
    private List<Object[]> candidates;
    private int pos;
    private boolean matched;

    JoinCursor(RowSource outer, Function<Object[], List<Object[]>> candidatesOf, Expr condition, JoinKind kind,
               int innerWidth, ExecContext ctx) {
        this.outer = outer;
        this.candidatesOf = candidatesOf;
        this.condition = condition;
        this.kind = kind;
        this.innerWidth = innerWidth;
        this.ctx = ctx;
    }

    @Override
    public Object[] next() {
        while (true) {
            if (current == null) {
                current = outer.next();
                if (current == null) {
                    return null;
                }
                candidates = candidatesOf.apply(current);
                pos = 0;
                matched = false;
            }
            while (pos < candidates.size()) {
                Object[] joined = JoinRows.concat(current, candidates.get(pos++), innerWidth);
                if (condition == null || Truth.passes(condition, joined, ctx)) {
                    matched = true;
                    return joined;
                }
            }
            Object[] unmatched = current;
            current = null;
            if (kind == JoinKind.LEFT && !matched) {
                return JoinRows.concat(unmatched, null, innerWidth);
            }
        }
    }

    @Override
    public void close() {
        outer.close();
    }
}
