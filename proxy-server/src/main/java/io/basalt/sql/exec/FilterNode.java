package io.basalt.sql.exec;

import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.Truth;

/** Rows of the child for which the condition is TRUE (not FALSE, not NULL). */
public record FilterNode(PlanNode child, Expr condition) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        RowSource in = child.open(ctx);
        return new RowSource() {
            @Override
            public Object[] next() {
                for (Object[] r = in.next(); r != null; r = in.next()) {
                    if (Truth.passes(condition, r, ctx)) {
                        return r;
                    }
                }
                return null;
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }

    @Override
    public int width() {
        return child.width();
    }
}
