package io.basalt.sql.function.aggregate;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.SqlErrors;

import java.util.List;
import java.util.function.Function;

/**
 * An {@link AggregateFunction} from an arity, a type rule and an accumulator factory. DISTINCT is applied here:
 * the accumulator only sees each distinct argument tuple once.
 */
final class AggregateDef implements AggregateFunction {

    /** Creates the accumulator for given argument types. */
    @FunctionalInterface
    interface Factory {
        Accumulator create(SqlType[] types, EvalContext ctx);
    }

    private final String name;
    private final int minArgs;
    private final int maxArgs;
    private final Function<List<SqlType>, SqlType> typeRule;
    private final Factory factory;

    AggregateDef(String name, int minArgs, int maxArgs, Function<List<SqlType>, SqlType> typeRule,
                 Factory factory) {
        this.name = name;
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
        this.typeRule = typeRule;
        this.factory = factory;
    }

    AggregateDef named(String alias) {
        return new AggregateDef(alias, minArgs, maxArgs, typeRule, factory);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SqlType returnType(List<SqlType> args) {
        if (args.size() < minArgs || maxArgs >= 0 && args.size() > maxArgs) {
            throw SqlErrors.wrongParamCount(name);
        }
        return typeRule.apply(args);
    }

    @Override
    public Accumulator newAccumulator(SqlType[] argTypes, boolean distinct, EvalContext ctx) {
        Accumulator inner = factory.create(argTypes, ctx);
        if (!distinct) {
            return inner;
        }
        DistinctFilter filter = new DistinctFilter(argTypes);
        return new Accumulator() {
            @Override
            public void add(Object[] args) {
                for (Object a : args) {
                    if (a == null) {
                        return;
                    }
                }
                if (filter.firstTime(args)) {
                    inner.add(args);
                }
            }

            @Override
            public Object result() {
                return inner.result();
            }
        };
    }

    @Override
    public String toString() {
        return name;
    }
}
