package io.basalt.sql.exec;

import io.basalt.sql.expr.Expr;

/** Computes a new row of expressions over each child row. */
public record ProjectNode(PlanNode child, Expr[] exprs) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        RowSource in = child.open(ctx);
        return new RowSource() {
            @Override
            public Object[] next() {
                Object[] r = in.next();
                if (r == null) {
                    return null;
                }
                Object[] out = new Object[exprs.length];
                for (int i = 0; i < exprs.length; i++) {
                    out[i] = exprs[i].eval(r, ctx);
                }
                return out;
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }

    @Override
    public int width() {
        return exprs.length;
    }
}
