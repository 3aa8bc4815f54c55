package io.basalt.sql.plan;

import io.basalt.sql.exec.AggregateCall;
import io.basalt.sql.expr.ColumnRef;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.type.SqlType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.util.Litmus;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@link AggregateContext} of one grouped query block. The aggregated row is [group keys..., aggregates...];
 * aggregates are registered as the select list, HAVING and ORDER BY are bound, so the layout is known only after
 * binding (references are resolved against final positions because keys come first and aggregates are only
 * appended).
 */
final class GroupingBinder implements AggregateContext {
    private final ExprBinder input;
    private final List<SqlNode> keyNodes;
    private final List<Expr> keys;
    private final List<AggregateCall> calls = new ArrayList<>();

    GroupingBinder(ExprBinder input, List<SqlNode> keyNodes) {
        this.input = input;
        this.keyNodes = keyNodes;
        this.keys = input.bindAll(keyNodes);
    }

    List<Expr> keys() {
        return keys;
    }

    List<AggregateCall> calls() {
        return calls;
    }

    @Override
    public Expr groupKey(SqlNode node) {
        for (int i = 0; i < keyNodes.size(); i++) {
            if (node.equalsDeep(keyNodes.get(i), Litmus.IGNORE)) {
                return ref(i, keys.get(i));
            }
        }
        if (node instanceof SqlIdentifier id && !id.isStar()) {
            Expr resolved;
            try {
                resolved = input.bind(id);
            } catch (RuntimeException e) {
                return null;
            }
            if (resolved instanceof ColumnRef c) {
                for (int i = 0; i < keys.size(); i++) {
                    if (keys.get(i) instanceof ColumnRef k && k.index() == c.index()) {
                        return ref(i, k);
                    }
                }
            }
        }
        return null;
    }

    @Override
    public Expr aggregate(SqlCall call, String name) {
        AggregateCall agg = AggregateCalls.bind(input, call, name);
        calls.add(agg);
        return new AggregateRef(this, calls.size() - 1, agg.resultType());
    }

    @Override
    public Expr bareColumn(Expr inputColumn) {
        AggregateCall agg = AggregateCall.anyValue(inputColumn);
        calls.add(agg);
        return new AggregateRef(this, calls.size() - 1, inputColumn.type());
    }

    private static Expr ref(int index, Expr key) {
        return new ColumnRef(index, key.type(), key.nullable());
    }

    /** A reference to an aggregate's slot, placed after all group keys. */
    record AggregateRef(GroupingBinder owner, int aggregate, SqlType type) implements Expr {
        @Override
        public Object eval(Object[] row, io.basalt.sql.exec.ExecContext ctx) {
            return row[owner.keys.size() + aggregate];
        }
    }
}
