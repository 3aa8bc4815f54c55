package io.basalt.sql.exec;

import io.basalt.sql.expr.Expr;
import io.basalt.sql.type.SqlType;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GROUP BY: one output row [keys..., aggregates...] per group, in first-seen order. Without keys there is exactly
 * one group, even over no input rows (COUNT(*) of an empty table is 0).
 */
public record HashAggregateNode(PlanNode child, Expr[] keys, SqlType[] keyTypes, List<AggregateCall> calls)
        implements PlanNode {
    private record Group(Object[] keyValues, AggregateCall.State[] states) {
    }

    @Override
    public RowSource open(ExecContext ctx) {
        Map<RowKey, Group> groups = new LinkedHashMap<>();
        try (RowSource in = child.open(ctx)) {
            int n = 0;
            for (Object[] r = in.next(); r != null; r = in.next()) {
                Object[] kv = new Object[keys.length];
                for (int i = 0; i < keys.length; i++) {
                    kv[i] = keys[i].eval(r, ctx);
                }
                Group g = groups.computeIfAbsent(RowKey.of(kv, keyTypes), k -> newGroup(kv, ctx));
                for (AggregateCall.State s : g.states()) {
                    s.add(r);
                }
                if ((++n & 0xFFF) == 0) {
                    ctx.checkKilled();
                }
            }
        }
        if (groups.isEmpty() && keys.length == 0) {
            groups.put(RowKey.of(new Object[0], new SqlType[0]), newGroup(new Object[0], ctx));
        }
        List<Object[]> out = new ArrayList<>(groups.size());
        for (Group g : groups.values()) {
            Object[] row = new Object[keys.length + calls.size()];
            System.arraycopy(g.keyValues(), 0, row, 0, keys.length);
            for (int i = 0; i < calls.size(); i++) {
                row[keys.length + i] = g.states()[i].result();
            }
            out.add(row);
        }
        Iterator<Object[]> it = out.iterator();
        return () -> it.hasNext() ? it.next() : null;
    }

    private Group newGroup(Object[] keyValues, ExecContext ctx) {
        AggregateCall.State[] states = new AggregateCall.State[calls.size()];
        for (int i = 0; i < states.length; i++) {
            states[i] = calls.get(i).newState(ctx);
        }
        return new Group(keyValues, states);
    }

    @Override
    public int width() {
        return keys.length + calls.size();
    }
}
