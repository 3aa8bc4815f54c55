package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.value.Predicates;

import java.util.List;

/** AND, OR, XOR, NOT with SQL three-valued logic; results are 1, 0 or NULL as in MySQL. */
public record Logical(Op op, List<Expr> args) implements Expr {
    public enum Op { AND, OR, XOR, NOT }

    /** Type of boolean-valued expressions in result metadata: MySQL reports them as integers of width 1. */
    public static final SqlType BOOLEAN = new SqlType(TypeKind.BIGINT, 1, 0, 0, false, List.of());

    public Logical {
        args = List.copyOf(args);
    }

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        Boolean result = Truth.of(args.get(0), row, ctx);
        if (op == Op.NOT) {
            return Predicates.toSql(Predicates.not(result));
        }
        for (int i = 1; i < args.size(); i++) {
            if ((op == Op.AND && Boolean.FALSE.equals(result)) || (op == Op.OR && Boolean.TRUE.equals(result))) {
                break; // decided: the remaining terms are not evaluated, as MySQL short-circuits
            }
            Boolean next = Truth.of(args.get(i), row, ctx);
            result = switch (op) {
                case AND -> Predicates.and(result, next);
                case OR -> Predicates.or(result, next);
                default -> Predicates.xor(result, next);
            };
        }
        return Predicates.toSql(result);
    }

    @Override
    public SqlType type() {
        return BOOLEAN;
    }
}
