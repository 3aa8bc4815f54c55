package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

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
        return Truth.toLong(test(row, ctx));
    }

    private Boolean test(Object[] row, ExecContext ctx) {
        switch (op) {
            case NOT -> {
                Boolean b = Truth.of(args.get(0), row, ctx);
                return b == null ? null : !b;
            }
            case AND -> {
                boolean unknown = false;
                for (Expr e : args) {
                    Boolean b = Truth.of(e, row, ctx);
                    if (b == null) {
                        unknown = true;
                    } else if (!b) {
                        return false;
                    }
                }
                return unknown ? null : true;
            }
            case OR -> {
                boolean unknown = false;
                for (Expr e : args) {
                    Boolean b = Truth.of(e, row, ctx);
                    if (b == null) {
                        unknown = true;
                    } else if (b) {
                        return true;
                    }
                }
                return unknown ? null : false;
            }
            default -> {
                Boolean a = Truth.of(args.get(0), row, ctx);
                Boolean b = Truth.of(args.get(1), row, ctx);
                return a == null || b == null ? null : a ^ b;
            }
        }
    }

    @Override
    public SqlType type() {
        return BOOLEAN;
    }
}
