package io.basalt.sql.exec;

import io.basalt.sql.expr.Expr;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.expr.Truth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Equi-join: builds a hash table on the right input keyed by {@code rightKeys} (compared under MySQL's equality,
 * see {@link RowKey}), probes with {@code leftKeys}; {@code residual} (may be null) filters the joined rows. NULL
 * keys never match, as with '='.
 */
public record HashJoinNode(PlanNode left, PlanNode right, JoinKind kind, Expr[] leftKeys, Expr[] rightKeys,
                           SqlType[] keyTypes, Expr residual) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        Map<RowKey, List<Object[]>> table = new HashMap<>();
        try (RowSource in = right.open(ctx)) {
            for (Object[] r = in.next(); r != null; r = in.next()) {
                RowKey k = key(rightKeys, r, ctx);
                if (!k.hasNull()) {
                    table.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
                }
            }
        }
        RowSource outer = left.open(ctx);
        int rw = right.width();
        return new RowSource() {
            Object[] current;
            List<Object[]> candidates;
            int pos;
            boolean matched;

            @Override
            public Object[] next() {
                while (true) {
                    if (current == null) {
                        current = outer.next();
                        if (current == null) {
                            return null;
                        }
                        RowKey k = key(leftKeys, current, ctx);
                        candidates = k.hasNull() ? List.of() : table.getOrDefault(k, List.of());
                        pos = 0;
                        matched = false;
                    }
                    while (pos < candidates.size()) {
                        Object[] joined = JoinRows.concat(current, candidates.get(pos++), rw);
                        if (residual == null || Truth.passes(residual, joined, ctx)) {
                            matched = true;
                            return joined;
                        }
                    }
                    Object[] unmatched = current;
                    current = null;
                    if (kind == JoinKind.LEFT && !matched) {
                        return JoinRows.concat(unmatched, null, rw);
                    }
                }
            }

            @Override
            public void close() {
                outer.close();
            }
        };
    }

    private RowKey key(Expr[] exprs, Object[] row, ExecContext ctx) {
        Object[] vals = new Object[exprs.length];
        for (int i = 0; i < exprs.length; i++) {
            vals[i] = exprs[i].eval(row, ctx);
        }
        return RowKey.of(vals, keyTypes);
    }

    @Override
    public int width() {
        return left.width() + right.width();
    }
}
