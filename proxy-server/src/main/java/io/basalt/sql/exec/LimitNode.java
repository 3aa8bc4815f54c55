package io.basalt.sql.exec;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.expr.Expr;

/** LIMIT [offset,] count; offset and count are literals or parameters evaluated once per execution. */
public record LimitNode(PlanNode child, Expr offset, Expr count) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        long skip = offset == null ? 0 : bound(offset, ctx);
        long max = count == null ? Long.MAX_VALUE : bound(count, ctx);
        RowSource in = child.open(ctx);
        return new RowSource() {
            long skipped;
            long returned;

            @Override
            public Object[] next() {
                if (returned >= max) {
                    return null;
                }
                while (skipped < skip) {
                    if (in.next() == null) {
                        return null;
                    }
                    skipped++;
                }
                Object[] r = in.next();
                if (r != null) {
                    returned++;
                }
                return r;
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }

    static long bound(Expr e, ExecContext ctx) {
        Object v = e.eval(null, ctx);
        if (v instanceof Long l && l >= 0) {
            return l;
        }
        if (v instanceof Number n && n.doubleValue() >= 0 && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.longValue();
        }
        throw new MySqlException(ErrorCode.WRONG_ARGUMENTS, "LIMIT");
    }

    @Override
    public int width() {
        return child.width();
    }
}
