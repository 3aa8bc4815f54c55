package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.function.ScalarFunction;
import io.basalt.sql.type.SqlType;

import java.util.List;

/** A built-in scalar function applied to argument expressions. */
public record FunctionCall(ScalarFunction function, Expr[] args, SqlType type) implements Expr {
    public static FunctionCall of(ScalarFunction function, List<Expr> args) {
        SqlType[] types = new SqlType[args.size()];
        for (int i = 0; i < types.length; i++) {
            types[i] = args.get(i).type();
        }
        return new FunctionCall(function, args.toArray(Expr[]::new), function.returnType(List.of(types)));
    }

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object[] values = new Object[args.length];
        SqlType[] types = new SqlType[args.length];
        for (int i = 0; i < args.length; i++) {
            values[i] = args[i].eval(row, ctx);
            types[i] = args[i].typeOf(values[i]);
        }
        return function.apply(values, types, ctx);
    }
}
