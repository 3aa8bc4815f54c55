package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Predicates;

/** expr [NOT] BETWEEN low AND high, evaluating expr once. */
public record Between(Expr arg, Expr low, Expr high, boolean negated) implements Expr {
    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object v = arg.eval(row, ctx);
        Object lo = low.eval(row, ctx);
        Object hi = high.eval(row, ctx);
        Boolean in = Predicates.between(v, arg.typeOf(v), lo, low.typeOf(lo), hi, high.typeOf(hi), ctx);
        return Predicates.toSql(negated ? Predicates.not(in) : in);
    }

    @Override
    public SqlType type() {
        return Logical.BOOLEAN;
    }
}
