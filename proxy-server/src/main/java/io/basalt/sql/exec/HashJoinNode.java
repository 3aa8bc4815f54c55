package io.basalt.sql.exec;

import io.basalt.sql.expr.Expr;
import io.basalt.sql.type.SqlType;

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
        return new JoinCursor(left.open(ctx), outer -> {
            RowKey k = key(leftKeys, outer, ctx);
            return k.hasNull() ? List.of() : table.getOrDefault(k, List.of());
        }, residual, kind, right.width(), ctx);
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
