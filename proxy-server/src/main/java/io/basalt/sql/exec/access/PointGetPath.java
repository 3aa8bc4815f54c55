package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.row.Handles;

/** handle_column = expr: one snapshot get. */
public record PointGetPath(TableDef table, Expr key) implements AccessPath {
    @Override
    public RowCursor open(ExecContext ctx) {
        Object v = key.eval(null, ctx);
        if (v == null) {
            return () -> null;
        }
        Long handle = HandleValues.exact(v);
        if (handle == null) {
            return new FullScanPath(table).open(ctx);
        }
        HandleRow row = StoredRows.get(ctx.txn(), table,
                Handles.fromColumnValue(Handles.handleColumn(table), handle));
        return new RowCursor() {
            boolean done;

            @Override
            public HandleRow next() {
                if (done) {
                    return null;
                }
                done = true;
                return row;
            }
        };
    }

    @Override
    public String describe() {
        return "point get on " + table.name();
    }
}
