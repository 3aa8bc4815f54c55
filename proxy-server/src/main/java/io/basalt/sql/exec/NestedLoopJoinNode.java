package io.basalt.sql.exec;

import io.basalt.sql.expr.Expr;

import java.util.List;

/**
 * Nested-loop join over a materialised right input; for joins without an equality the hash join can use.
 * A null condition is a cross join.
 */
public record NestedLoopJoinNode(PlanNode left, PlanNode right, JoinKind kind, Expr condition) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        List<Object[]> inner = JoinRows.materialize(right, ctx);
        return new JoinCursor(left.open(ctx), outer -> inner, condition, kind, right.width(), ctx);
    }

    @Override
    public int width() {
        return left.width() + right.width();
    }
}
