package io.basalt.sql.plan;

import io.basalt.sql.expr.Expr;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;

/**
 * Binding above an aggregation (select list, HAVING, ORDER BY of a grouped query): GROUP BY expressions and
 * aggregate calls become references into the aggregated row; a bare column that is not grouped reads the value of
 * some row of the group, as MySQL does without ONLY_FULL_GROUP_BY.
 */
interface AggregateContext {
    /** A reference to the GROUP BY key {@code node} is structurally equal to, or null. */
    Expr groupKey(SqlNode node);

    /** Registers an aggregate call (arguments bound in the FROM scope) and returns a reference to its result. */
    Expr aggregate(SqlCall call, String name);

    /** A column of the FROM scope used outside any aggregate. */
    Expr bareColumn(Expr inputColumn);
}
