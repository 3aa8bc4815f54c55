package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;

/**
 * A bound scalar expression: names resolved to row positions, functions and comparison rules chosen, result type
 * known. Evaluated against one input row (the operator's row layout) with MySQL's NULL rules. Immutable and
 * shareable between executions, so cached plans hold them.
 */
public interface Expr {
    Object eval(Object[] row, ExecContext ctx);

    /** The static result type; for {@link #dynamicType()} expressions only a placeholder. */
    SqlType type();

    /** False only when the value can never be NULL (result column NOT_NULL flag). */
    default boolean nullable() {
        return true;
    }

    /** True for parameters and user variables, whose type is that of the value each execution supplies. */
    default boolean dynamicType() {
        return false;
    }

    /** The type to treat {@code value} (this expression's result) as. */
    default SqlType typeOf(Object value) {
        return type();
    }
}
