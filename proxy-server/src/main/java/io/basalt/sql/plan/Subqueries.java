package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.expr.Compare;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.SubqueryExpr;

/** Builds subquery expressions; a subquery in a scalar position must return exactly one column (1241). */
final class Subqueries {
    private Subqueries() {
    }

    static Expr scalar(BoundQuery q) {
        oneColumn(q);
        return new SubqueryExpr(SubqueryExpr.Kind.SCALAR, q.root(), q.columns().get(0).type(), null, null, false,
                true);
    }

    static Expr exists(BoundQuery q) {
        return new SubqueryExpr(SubqueryExpr.Kind.EXISTS, q.root(), null, null, null, false, true);
    }

    static Expr in(Expr probe, BoundQuery q, boolean negated) {
        oneColumn(q);
        return new SubqueryExpr(SubqueryExpr.Kind.IN, q.root(), q.columns().get(0).type(), probe, null, negated,
                true);
    }

    static Expr compare(Compare.Op op, Expr probe, BoundQuery q) {
        oneColumn(q);
        return new SubqueryExpr(SubqueryExpr.Kind.COMPARE, q.root(), q.columns().get(0).type(), probe, op, false,
                true);
    }

    private static void oneColumn(BoundQuery q) {
        if (q.columns().size() != 1) {
            throw new MySqlException(ErrorCode.OPERAND_COLUMNS, 1);
        }
    }
}
