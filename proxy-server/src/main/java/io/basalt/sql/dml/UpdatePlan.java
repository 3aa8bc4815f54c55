package io.basalt.sql.dml;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.exec.access.HandleRow;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.row.Handles;
import io.basalt.sql.value.Temporals;

import java.util.Arrays;
import java.util.List;

/**
 * A bound single-table UPDATE. Assignments run left to right on the row being built, so a later one sees an
 * earlier one's value (MySQL's single-table rule); ON UPDATE CURRENT_TIMESTAMP columns change when the row does.
 */
public record UpdatePlan(TableDef table, TargetRows targets, int[] columns, Expr[] values) {

    public DmlResult execute(ExecContext ctx, boolean foundRows) {
        List<HandleRow> rows = targets.collect(ctx);
        long changed = 0;
        long rowNumber = 0;
        for (HandleRow r : rows) {
            rowNumber++;
            Object[] updated = r.row().clone();
            boolean[] assigned = new boolean[updated.length];
            for (int i = 0; i < columns.length; i++) {
                ColumnDef c = table.columns().get(columns[i]);
                Object v = values[i].eval(updated, ctx);
                updated[columns[i]] = ColumnValues.assign(table, c, v, values[i].typeOf(v), rowNumber, ctx);
                assigned[columns[i]] = true;
            }
            if (Arrays.deepEquals(updated, r.row())) {
                continue;
            }
            for (int i = 0; i < updated.length; i++) {
                ColumnDef c = table.columns().get(i);
                if (c.onUpdateNow() && !assigned[i]) {
                    updated[i] = Temporals.truncate(ctx.statementTime(), c.type().fsp());
                }
            }
            long newHandle = table.hasHandleColumn() ? Handles.of(table, updated) : r.handle();
            RowWriter.update(ctx.txn(), ctx.rowLog(), table, r, newHandle, updated);
            changed++;
        }
        String info = "Rows matched: " + rows.size() + "  Changed: " + changed + "  Warnings: "
                + ctx.session().warnings().count();
        return new DmlResult(foundRows ? rows.size() : changed, 0, info);
    }
}
