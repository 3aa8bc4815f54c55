package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.row.Handles;

/** handle_column = expr: one snapshot get. */
public record PointGetPath(TableDef table, Expr key) implements AccessPath {
    /** What the key names: no row (NULL), one stored handle, or no exact handle value (the path then scans). */
    public record Target(boolean none, boolean scan, long handle) {
    }

    @Override
    public RowCursor open(ExecContext ctx) {
        return open(ctx, target(ctx));
    }

    /** {@link #open} for a target already evaluated (the key is evaluated once per statement). */
    public RowCursor open(ExecContext ctx, Target target) {
        if (target.none()) {
            return () -> null;
        }
        if (target.scan()) {
            return new FullScanPath(table).open(ctx);
        }
        HandleRow row = StoredRows.get(ctx.txn(), table, target.handle());
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

    /** Evaluates the key. */
    public Target target(ExecContext ctx) {
        Object v = key.eval(null, ctx);
        if (v == null) {
            return new Target(true, false, 0);
        }
        Long handle = HandleValues.exact(v);
        return handle == null ? new Target(false, true, 0)
                : new Target(false, false, Handles.fromColumnValue(Handles.handleColumn(table), handle));
    }

    @Override
    public String describe() {
        return "point get on " + table.name();
    }
}
