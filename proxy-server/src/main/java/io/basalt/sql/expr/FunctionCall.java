package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.function.ScalarFunction;
import io.basalt.sql.type.SqlType;

import java.util.ArrayList;
import java.util.List;

/** A built-in scalar function applied to argument expressions. */
public record FunctionCall(ScalarFunction function, Expr[] args, SqlType type) implements Expr {
    /** Literal arguments are passed to the type rule: ROUND(x, 2), NOW(3), DATE_ADD's unit decide the type. */
    public static FunctionCall of(ScalarFunction function, List<Expr> args) {
        List<SqlType> types = new ArrayList<>(args.size());
        List<Object> constants = new ArrayList<>(args.size());
        for (Expr a : args) {
            types.add(a.type());
            constants.add(a instanceof Literal l ? l.value() : null);
        }
        return new FunctionCall(function, args.toArray(Expr[]::new), function.returnType(types, constants));
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
