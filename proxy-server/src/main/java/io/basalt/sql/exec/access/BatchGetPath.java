package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.row.Handles;

import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/** handle_column IN (expr, ...): one batch get of the distinct handles, in handle order. */
public record BatchGetPath(TableDef table, List<Expr> keys) implements AccessPath {
    @Override
    public RowCursor open(ExecContext ctx) {
        TreeSet<Long> handles = new TreeSet<>();
        for (Expr k : keys) {
            Object v = k.eval(null, ctx);
            if (v == null) {
                continue;
            }
            Long h = HandleValues.exact(v);
            if (h == null) {
                return new FullScanPath(table).open(ctx);
            }
            handles.add(Handles.fromColumnValue(Handles.handleColumn(table), h));
        }
        Iterator<HandleRow> it = StoredRows.batchGet(ctx.txn(), table, List.copyOf(handles)).iterator();
        return () -> it.hasNext() ? it.next() : null;
    }

    @Override
    public String describe() {
        return "batch get on " + table.name();
    }
}
