package io.basalt.sql.plan;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.expr.Compare;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.SubqueryExpr;
import org.apache.calcite.sql.SqlNode;

/** Builds subquery expressions; a subquery in a scalar position must return exactly one column (1241). */
final class Subqueries {
    private Subqueries() {
    }

    static Expr scalar(QueryBinder queries, SqlNode node, NameScope scope) {
        Bound b = bind(queries, node, scope);
        oneColumn(b.query());
        return new SubqueryExpr(SubqueryExpr.Kind.SCALAR, b.query().root(), b.query().columns().get(0).type(), null,
                null, false, b.correlated());
    }

    static Expr exists(QueryBinder queries, SqlNode node, NameScope scope) {
        Bound b = bind(queries, node, scope);
        return new SubqueryExpr(SubqueryExpr.Kind.EXISTS, b.query().root(), null, null, null, false, b.correlated());
    }

    static Expr in(Expr probe, QueryBinder queries, SqlNode node, NameScope scope, boolean negated) {
        Bound b = bind(queries, node, scope);
        oneColumn(b.query());
        return new SubqueryExpr(SubqueryExpr.Kind.IN, b.query().root(), b.query().columns().get(0).type(), probe,
                null, negated, b.correlated());
    }

    static Expr compare(Compare.Op op, Expr probe, QueryBinder queries, SqlNode node, NameScope scope) {
        Bound b = bind(queries, node, scope);
        oneColumn(b.query());
        return new SubqueryExpr(SubqueryExpr.Kind.COMPARE, b.query().root(), b.query().columns().get(0).type(), probe,
                op, false, b.correlated());
    }

    /** {@code probe op ANY|SOME|ALL (subquery)}. */
    static Expr quantified(Compare.Op op, boolean all, Expr probe, QueryBinder queries, SqlNode node,
                           NameScope scope) {
        Bound b = bind(queries, node, scope);
        oneColumn(b.query());
        return new SubqueryExpr(all ? SubqueryExpr.Kind.ALL : SubqueryExpr.Kind.ANY, b.query().root(),
                b.query().columns().get(0).type(), probe, op, false, b.correlated());
    }

    /** A bound subquery and whether it reads a column of the enclosing query (then it runs per outer row). */
    private record Bound(BoundQuery query, boolean correlated) {
    }

    private static Bound bind(QueryBinder queries, SqlNode node, NameScope scope) {
        long before = scope.innerReferences();
        BoundQuery q = queries.bindSubquery(node, scope);
        return new Bound(q, scope.innerReferences() != before);
    }

    private static void oneColumn(BoundQuery q) {
        if (q.columns().size() != 1) {
            throw new MySqlException(ErrorCode.OPERAND_COLUMNS, 1);
        }
    }
}
