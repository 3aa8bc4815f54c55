package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.SqlErrors;

import java.util.Arrays;
import java.util.List;

/**
 * A {@link ScalarFunction} assembled from an arity, a type rule and a body. Unless built with {@link #nullAware},
 * any NULL argument makes the result NULL without calling the body.
 */
final class FunctionDef implements ScalarFunction {

    /** The result type from the argument types and literal arguments (constants.get(i) null when unknown). */
    @FunctionalInterface
    interface TypeRule {
        SqlType type(List<SqlType> args, List<Object> constants);
    }

    /** The function body; arguments are non-null unless the function is null-aware. */
    @FunctionalInterface
    interface Body {
        Object eval(Object[] args, SqlType[] types, EvalContext ctx);
    }

    private final String name;
    private final int minArgs;
    private final int maxArgs;
    private final TypeRule typeRule;
    private final Body body;
    private final boolean nullAware;
    private final boolean deterministic;

    private FunctionDef(String name, int minArgs, int maxArgs, TypeRule typeRule, Body body, boolean nullAware,
                        boolean deterministic) {
        this.name = name;
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
        this.typeRule = typeRule;
        this.body = body;
        this.nullAware = nullAware;
        this.deterministic = deterministic;
    }

    /** A deterministic function returning NULL for any NULL argument; maxArgs -1 = unbounded. */
    static FunctionDef of(String name, int minArgs, int maxArgs, TypeRule typeRule, Body body) {
        return new FunctionDef(name, minArgs, maxArgs, typeRule, body, false, true);
    }

    /** A function whose body sees NULL arguments itself. */
    FunctionDef nullAware() {
        return new FunctionDef(name, minArgs, maxArgs, typeRule, body, true, deterministic);
    }

    FunctionDef nonDeterministic() {
        return new FunctionDef(name, minArgs, maxArgs, typeRule, body, nullAware, false);
    }

    /** The same function under another name (an alias such as UCASE for UPPER). */
    FunctionDef named(String alias) {
        return new FunctionDef(alias, minArgs, maxArgs, typeRule, body, nullAware, deterministic);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SqlType returnType(List<SqlType> args) {
        return returnType(args, Arrays.asList(new Object[args.size()]));
    }

    @Override
    public SqlType returnType(List<SqlType> args, List<Object> constants) {
        if (args.size() < minArgs || maxArgs >= 0 && args.size() > maxArgs) {
            throw SqlErrors.wrongParamCount(name);
        }
        return typeRule.type(args, constants);
    }

    @Override
    public Object apply(Object[] args, SqlType[] argTypes, EvalContext ctx) {
        if (!nullAware) {
            for (Object a : args) {
                if (a == null) {
                    return null;
                }
            }
        }
        return body.eval(args, argTypes, ctx);
    }

    @Override
    public boolean deterministic() {
        return deterministic;
    }

    @Override
    public String toString() {
        return name;
    }
}
