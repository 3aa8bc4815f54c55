package io.basalt.sql.expr;

import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.type.SqlType;

import java.util.List;

/** CASE WHEN c1 THEN r1 ... ELSE e END (simple CASE is bound to equalities); results coerced to one type. */
public record CaseExpr(List<Expr> conditions, List<Expr> results, Expr otherwise, SqlType type) implements Expr {
    public CaseExpr {
        conditions = List.copyOf(conditions);
        results = List.copyOf(results);
    }

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        for (int i = 0; i < conditions.size(); i++) {
            if (Truth.passes(conditions.get(i), row, ctx)) {
                return results.get(i).eval(row, ctx);
            }
        }
        return otherwise.eval(row, ctx);
    }
}
