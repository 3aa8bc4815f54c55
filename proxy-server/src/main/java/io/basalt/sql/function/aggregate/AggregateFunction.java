package io.basalt.sql.function.aggregate;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.EvalContext;

import java.util.List;

/** A built-in aggregate function. Implementations are stateless singletons, safe to share between threads. */
public interface AggregateFunction {

    /** The canonical (upper-case) name. */
    String name();

    /** The result type for these argument types; error 1582 for a wrong number of arguments. */
    SqlType returnType(List<SqlType> args);

    /** Fresh state for one group; {@code distinct} for AGG(DISTINCT ...). */
    Accumulator newAccumulator(SqlType[] argTypes, boolean distinct, EvalContext ctx);
}
