package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Predicates;

import java.util.List;

/**
 * expr [NOT] IN (v1, v2, ...) with {@link Predicates#in}'s NULL rules.
 */
public record InList(Expr arg, List<Expr> candidates, boolean negated) implements Expr {
    public InList {
        candidates = List.copyOf(candidates);
    }

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = arg.eval(row, ctx);
        Object[] values = new Object[candidates.size()];
        SqlType[] types = new SqlType[values.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = candidates.get(i).eval(row, ctx);
            types[i] = candidates.get(i).typeOf(values[i]);
        }
        Boolean in = Predicates.in(v, arg.typeOf(v), values, types, ctx);
        return Predicates.toSql(negated ? Predicates.not(in) : in);
    }

    @Override
    public SqlType type() {
        return Logical.BOOLEAN;
    }
}
