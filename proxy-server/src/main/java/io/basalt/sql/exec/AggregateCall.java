package io.basalt.sql.exec;

import io.basalt.sql.expr.Expr;
import io.basalt.sql.function.aggregate.Accumulator;
import io.basalt.sql.function.aggregate.AggregateFunction;
import io.basalt.sql.function.aggregate.GroupConcat;
import io.basalt.sql.type.SqlType;

import java.util.Comparator;
import java.util.List;

/**
 * One aggregate of a grouped query: the argument expressions evaluated per input row and how to make a group's
 * accumulator. Besides the registry functions there are GROUP_CONCAT (values followed by ORDER BY keys) and
 * ANY_VALUE for a bare column MySQL lets a grouped query read (the first value of the group).
 */
public final class AggregateCall {
    /** Creates one group's accumulator for an execution. */
    private interface AccumulatorFactory {
        Accumulator create(ExecContext ctx);
    }

    private final Expr[] args;
    private final SqlType resultType;
    private final AccumulatorFactory factory;

    private AggregateCall(Expr[] args, SqlType resultType, AccumulatorFactory factory) {
        this.args = args;
        this.resultType = resultType;
        this.factory = factory;
    }

    public static AggregateCall of(AggregateFunction function, Expr[] args, boolean distinct) {
        SqlType[] types = types(args);
        return new AggregateCall(args, function.returnType(List.of(types)),
                ctx -> function.newAccumulator(types, distinct, ctx));
    }

    /** GROUP_CONCAT: {@code args} are the values then the ORDER BY keys. */
    public static AggregateCall groupConcat(Expr[] values, Expr[] orderKeys, boolean[] descending, String separator,
                                            boolean distinct, SqlType resultType) {
        Expr[] all = new Expr[values.length + orderKeys.length];
        System.arraycopy(values, 0, all, 0, values.length);
        System.arraycopy(orderKeys, 0, all, values.length, orderKeys.length);
        SqlType[] valueTypes = types(values);
        SqlType[] keyTypes = types(orderKeys);
        int[] keyIndexes = new int[orderKeys.length];
        for (int i = 0; i < keyIndexes.length; i++) {
            keyIndexes[i] = values.length + i;
        }
        return new AggregateCall(all, resultType, ctx -> {
            Comparator<Object[]> order = orderKeys.length == 0 ? null
                    : GroupConcat.orderBy(keyIndexes, keyTypes, descending, ctx);
            return GroupConcat.newAccumulator(valueTypes, distinct, separator, order, ctx);
        });
    }

    public static AggregateCall anyValue(Expr column) {
        return new AggregateCall(new Expr[] {column}, column.type(), ctx -> new Accumulator() {
            private boolean seen;
            private Object value;

            @Override
            public void add(Object[] values) {
                if (!seen) {
                    seen = true;
                    value = values[0];
                }
            }

            @Override
            public Object result() {
                return value;
            }
        });
    }

    private static SqlType[] types(Expr[] exprs) {
        SqlType[] types = new SqlType[exprs.length];
        for (int i = 0; i < exprs.length; i++) {
            types[i] = exprs[i].type();
        }
        return types;
    }

    public SqlType resultType() {
        return resultType;
    }

    /** Per-group state for one execution: evaluates the arguments of each input row into the accumulator. */
    public State newState(ExecContext ctx) {
        Accumulator acc = factory.create(ctx);
        return new State() {
            @Override
            public void add(Object[] row) {
                Object[] values = new Object[args.length];
                for (int i = 0; i < args.length; i++) {
                    values[i] = args[i].eval(row, ctx);
                }
                acc.add(values);
            }

            @Override
            public Object result() {
                return acc.result();
            }
        };
    }

    /** Accumulates the rows of one group. */
    public interface State {
        void add(Object[] row);

        Object result();
    }
}
