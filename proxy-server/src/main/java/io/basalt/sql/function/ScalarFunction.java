package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.EvalContext;

import java.util.List;

/**
 * A built-in scalar SQL function. Implementations are stateless singletons, safe to share between threads.
 *
 * <p>Binding: call {@link #returnType(List, List)} once per call site with the argument types and the values of the
 * arguments that are literals (null for the others); some result types depend on a literal argument (ROUND(x, 2)
 * is DECIMAL with scale 2, DATE_ADD's unit decides DATE or DATETIME). Evaluation: {@link #apply} with the argument
 * values in the value model of their types; the result is in the value model of the bound return type.
 */
public interface ScalarFunction {

    /** The canonical (upper-case) name. */
    String name();

    /** The result type for these argument types; error 1582 for a wrong number of arguments. */
    SqlType returnType(List<SqlType> args);

    /** The result type knowing the literal arguments ({@code constants.get(i)} null when argument i is not one). */
    default SqlType returnType(List<SqlType> args, List<Object> constants) {
        return returnType(args);
    }

    Object apply(Object[] args, SqlType[] argTypes, EvalContext ctx);

    /** False for functions whose result varies between calls with equal arguments (RAND, NOW, UUID...). */
    boolean deterministic();
}
