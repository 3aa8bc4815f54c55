package io.basalt.sql.plan;

import io.basalt.sql.expr.ColumnRef;
import io.basalt.sql.expr.Compare;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.exec.FilterNode;
import io.basalt.sql.exec.HashJoinNode;
import io.basalt.sql.exec.NestedLoopJoinNode;
import io.basalt.sql.exec.PlanNode;
import io.basalt.sql.exec.ProjectNode;
import io.basalt.sql.exec.TableScanNode;
import io.basalt.sql.exec.access.AccessPath;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the FROM items into operators. A single table gets the best access path for the WHERE terms; joins use a
 * hash join on column equalities of compatible types and a nested loop otherwise; ON conditions are bound in the
 * join's own scope.
 */
final class PlanBuilder {
    private final ExprBinderFactory binders;

    /** Creates binders for ON clauses (scope-specific). */
    interface ExprBinderFactory {
        ExprBinder forScope(NameScope scope, String clause);
    }

    PlanBuilder(ExprBinderFactory binders) {
        this.binders = binders;
    }

    /** @param where the WHERE terms (used to pick a single table's access path; always applied by the caller) */
    PlanNode build(FromItem item, List<Expr> where, boolean locking) {
        if (item instanceof FromItem.Table t) {
            AccessPath path = AccessPathChooser.choose(t.table(), where);
            return new TableScanNode(path, locking);
        }
        if (item instanceof FromItem.Planned p) {
            return p.node();
        }
        return join((FromItem.Join) item, locking);
    }

    private PlanNode join(FromItem.Join j, boolean locking) {
        PlanNode left = build(j.left(), List.of(), locking);
        PlanNode right = build(j.right(), List.of(), locking);
        Expr on = j.on() == null ? null : binders.forScope(j.localScope(), Clause.ON).bind(j.on());
        int lw = j.left().width();
        int rw = j.right().width();
        if (j.swapped()) {
            // RIGHT JOIN: (right LEFT JOIN left) yields [right..., left...]; restore the FROM order
            PlanNode joined = joinNode(right, left, j.kind(), on, rw);
            Expr[] reorder = new Expr[lw + rw];
            for (int i = 0; i < lw; i++) {
                reorder[i] = new ColumnRef(rw + i, SqlType.NULL, true);
            }
            for (int i = 0; i < rw; i++) {
                reorder[lw + i] = new ColumnRef(i, SqlType.NULL, true);
            }
            return new ProjectNode(joined, reorder);
        }
        return joinNode(left, right, j.kind(), on, lw);
    }

    private static PlanNode joinNode(PlanNode left, PlanNode right, io.basalt.sql.exec.JoinKind kind, Expr on,
                                     int leftWidth) {
        List<Expr> terms = Conjuncts.split(on);
        List<Expr> lk = new ArrayList<>();
        List<Expr> rk = new ArrayList<>();
        List<SqlType> kt = new ArrayList<>();
        List<Expr> residual = new ArrayList<>();
        for (Expr t : terms) {
            if (t instanceof Compare c && c.op() == Compare.Op.EQ && c.left() instanceof ColumnRef a
                    && c.right() instanceof ColumnRef b && sameDomain(a.type(), b.type())) {
                if (a.index() < leftWidth && b.index() >= leftWidth) {
                    lk.add(a);
                    rk.add(new ColumnRef(b.index() - leftWidth, b.type(), b.nullable()));
                    kt.add(a.type());
                    continue;
                }
                if (b.index() < leftWidth && a.index() >= leftWidth) {
                    lk.add(b);
                    rk.add(new ColumnRef(a.index() - leftWidth, a.type(), a.nullable()));
                    kt.add(b.type());
                    continue;
                }
            }
            residual.add(t);
        }
        if (lk.isEmpty()) {
            return new NestedLoopJoinNode(left, right, kind, on);
        }
        return new HashJoinNode(left, right, kind, lk.toArray(Expr[]::new), rk.toArray(Expr[]::new),
                kt.toArray(SqlType[]::new), Conjuncts.and(residual));
    }

    /** Hash keys must compare in one domain: both integers, both character strings, or identical kinds. */
    private static boolean sameDomain(SqlType a, SqlType b) {
        TypeKind.Category ca = a.kind().category();
        TypeKind.Category cb = b.kind().category();
        if (ca == TypeKind.Category.INTEGER && cb == TypeKind.Category.INTEGER) {
            return a.unsigned() == b.unsigned();
        }
        if (ca == TypeKind.Category.STRING && cb == TypeKind.Category.STRING) {
            return true;
        }
        return a.kind() == b.kind() && ca != TypeKind.Category.FLOATING;
    }

    /** Builds a filter node, skipping an absent condition. */
    static PlanNode filter(PlanNode in, Expr condition) {
        return condition == null ? in : new FilterNode(in, condition);
    }
}
