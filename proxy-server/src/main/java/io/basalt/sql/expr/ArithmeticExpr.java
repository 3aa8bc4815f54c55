package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Arithmetic;
import io.basalt.sql.value.ArithmeticOp;

/**
 * A binary arithmetic or bit operator with MySQL's result types and overflow errors; bound once to the operand
 * types, or per evaluation when an operand's type comes with the value (parameters, user variables).
 */
public record ArithmeticExpr(ArithmeticOp op, Expr left, Expr right, String text, Arithmetic.Bound bound)
        implements Expr {

    public static ArithmeticExpr of(ArithmeticOp op, Expr left, Expr right, String text) {
        Arithmetic.Bound b = left.dynamicType() || right.dynamicType() ? null
                : Arithmetic.bind(op, left.type(), right.type(), text, 4);
        return new ArithmeticExpr(op, left, right, text, b);
    }

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object a = left.eval(row, ctx);
        Object b = right.eval(row, ctx);
        if (a == null || b == null) {
            return null;
        }
        Arithmetic.Bound use = bound != null && ctx.divPrecisionIncrement() == 4 ? bound
                : Arithmetic.bind(op, left.typeOf(a), right.typeOf(b), text, ctx.divPrecisionIncrement());
        return use.apply(a, b, ctx);
    }

    @Override
    public SqlType type() {
        return bound != null ? bound.resultType()
                : Arithmetic.resultType(op, left.dynamicType() ? SqlType.DOUBLE : left.type(),
                        right.dynamicType() ? SqlType.DOUBLE : right.type());
    }
}
