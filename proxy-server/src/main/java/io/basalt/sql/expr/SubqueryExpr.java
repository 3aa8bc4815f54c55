package io.basalt.sql.expr;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.exec.PlanNode;
import io.basalt.sql.exec.RowSource;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Comparison;
import io.basalt.sql.value.ComparisonType;

import java.util.ArrayList;
import java.util.List;

/**
 * Scalar, EXISTS, IN, comparison with a scalar subquery ({@code COMPARE}) and quantified comparisons ({@code ANY}
 * for = ANY / SOME, {@code ALL}). The subquery runs with the current row pushed as the outer row (correlated
 * references read it); an uncorrelated subquery's rows are computed once per execution.
 */
public record SubqueryExpr(Kind kind, PlanNode plan, SqlType columnType, Expr probe, Compare.Op op,
                           boolean negated, boolean correlated) implements Expr {
    public enum Kind { SCALAR, EXISTS, IN, COMPARE, ANY, ALL }

    @Override
    public Object eval(Object[] row, ExecContext ctx) {
        return switch (kind) {
            case SCALAR -> {
                List<Object[]> rows = rows(row, ctx, 2);
                if (rows.size() > 1) {
                    throw new MySqlException(ErrorCode.SUBQUERY_NO_1_ROW);
                }
                yield rows.isEmpty() ? null : rows.get(0)[0];
            }
            case EXISTS -> (rows(row, ctx, 1).isEmpty() == negated) ? 1L : 0L;
            case IN -> in(row, ctx);
            case COMPARE -> compare(row, ctx);
            case ANY, ALL -> quantified(row, ctx);
        };
    }

    private Object in(Object[] row, ExecContext ctx) {
        Object v = probe.eval(row, ctx);
        List<Object[]> rows = rows(row, ctx, Integer.MAX_VALUE);
        if (rows.isEmpty()) {
            return negated ? 1L : 0L;
        }
        if (v == null) {
            return null;
        }
        SqlType tv = probe.typeOf(v);
        boolean sawNull = false;
        for (Object[] r : rows) {
            if (r[0] == null) {
                sawNull = true;
            } else if (Comparison.of(tv, columnType).compare(v, tv, r[0], columnType, ctx) == 0) {
                return negated ? 0L : 1L;
            }
        }
        return sawNull ? null : negated ? 1L : 0L;
    }

    private Object compare(Object[] row, ExecContext ctx) {
        Object v = probe.eval(row, ctx);
        List<Object[]> rows = rows(row, ctx, 2);
        if (rows.size() > 1) {
            throw new MySqlException(ErrorCode.SUBQUERY_NO_1_ROW);
        }
        if (rows.isEmpty() || v == null || rows.get(0)[0] == null) {
            return null;
        }
        return Compare.of(op, new Literal(v, probe.typeOf(v)), new Literal(rows.get(0)[0], columnType))
                .eval(row, ctx);
    }

    /**
     * MySQL's quantified comparison: ANY is true when some comparison is true, ALL false when some comparison is
     * false; otherwise a NULL comparison (a NULL row, or a NULL probe against a non-empty set) makes the result
     * NULL. Over no rows ANY is false and ALL true.
     */
    private Object quantified(Object[] row, ExecContext ctx) {
        boolean any = kind == Kind.ANY;
        List<Object[]> rows = rows(row, ctx, Integer.MAX_VALUE);
        if (rows.isEmpty()) {
            return any ? 0L : 1L;
        }
        Object v = probe.eval(row, ctx);
        if (v == null) {
            return null;
        }
        SqlType tv = probe.typeOf(v);
        ComparisonType comparison = Comparison.of(tv, columnType);
        boolean sawNull = false;
        for (Object[] r : rows) {
            if (r[0] == null) {
                sawNull = true;
            } else if (Compare.holds(op, comparison.compare(v, tv, r[0], columnType, ctx)) == any) {
                return any ? 1L : 0L;
            }
        }
        return sawNull ? null : any ? 0L : 1L;
    }

    private List<Object[]> rows(Object[] row, ExecContext ctx, int max) {
        if (!correlated) {
            return ctx.statementState(new RowsKey(this), () -> run(row, ctx, Integer.MAX_VALUE));
        }
        return run(row, ctx, max);
    }

    private List<Object[]> run(Object[] row, ExecContext ctx, int max) {
        ctx.pushOuterRow(row);
        try (RowSource in = plan.open(ctx)) {
            List<Object[]> out = new ArrayList<>();
            for (Object[] r = in.next(); r != null && out.size() < max; r = in.next()) {
                out.add(r);
            }
            return out;
        } finally {
            ctx.popOuterRow();
        }
    }

    /**
     * The key of this subquery's cached rows: identity, as the record's own equality would hash the whole plan
     * tree on every evaluation.
     */
    private record RowsKey(SubqueryExpr subquery) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RowsKey k && k.subquery == subquery;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(subquery);
        }
    }

    @Override
    public SqlType type() {
        return kind == Kind.SCALAR ? columnType : Logical.BOOLEAN;
    }
}
