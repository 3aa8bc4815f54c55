package io.basalt.sql.exec;

import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.Truth;

import java.util.List;

/**
 * Nested-loop join over a materialised right input; for joins without an equality the hash join can use.
 * A null condition is a cross join.
 */
public record NestedLoopJoinNode(PlanNode left, PlanNode right, JoinKind kind, Expr condition) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        List<Object[]> inner = JoinRows.materialize(right, ctx);
        RowSource outer = left.open(ctx);
        int rw = right.width();
        return new RowSource() {
            Object[] current;
            int pos;
            boolean matched;

            @Override
            public Object[] next() {
                while (true) {
                    if (current == null) {
                        current = outer.next();
                        if (current == null) {
                            return null;
                        }
                        pos = 0;
                        matched = false;
                    }
                    while (pos < inner.size()) {
                        Object[] joined = JoinRows.concat(current, inner.get(pos++), rw);
                        if (condition == null || Truth.passes(condition, joined, ctx)) {
                            matched = true;
                            return joined;
                        }
                    }
                    Object[] unmatched = current;
                    current = null;
                    if (kind == JoinKind.LEFT && !matched) {
                        return JoinRows.concat(unmatched, null, rw);
                    }
                }
            }

            @Override
            public void close() {
                outer.close();
            }
        };
    }

    @Override
    public int width() {
        return left.width() + right.width();
    }
}
