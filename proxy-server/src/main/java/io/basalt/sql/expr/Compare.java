package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Comparison;
import io.basalt.sql.value.ComparisonType;

/**
 * =, <>, <, <=, >, >=, <=> under MySQL's comparison rules. The comparison domain is chosen at bind time from the
 * operand types, or per evaluation when an operand is a parameter or user variable.
 */
public record Compare(Op op, Expr left, Expr right, ComparisonType staticType) implements Expr {
    public enum Op { EQ, NE, LT, LE, GT, GE, NULL_SAFE_EQ }

    public static Compare of(Op op, Expr left, Expr right) {
        ComparisonType t = left.dynamicType() || right.dynamicType() ? null
                : Comparison.of(left.type(), right.type());
        return new Compare(op, left, right, t);
    }

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Object a = left.eval(row, ctx);
        Object b = right.eval(row, ctx);
        if (a == null || b == null) {
            if (op == Op.NULL_SAFE_EQ) {
                return a == null && b == null ? 1L : 0L;
            }
            return null;
        }
        SqlType ta = left.typeOf(a);
        SqlType tb = right.typeOf(b);
        ComparisonType ct = staticType != null ? staticType : Comparison.of(ta, tb);
        return holds(op, ct.compare(a, ta, b, tb, ctx)) ? 1L : 0L;
    }

    /** Whether {@code op} holds for a three-way comparison result {@code c} of non-null operands. */
    static boolean holds(Op op, int c) {
        return switch (op) {
            case EQ, NULL_SAFE_EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
        };
    }

    @Override
    public SqlType type() {
        return Logical.BOOLEAN;
    }

    @Override
    public boolean nullable() {
        return op != Op.NULL_SAFE_EQ && (left.nullable() || right.nullable());
    }
}
