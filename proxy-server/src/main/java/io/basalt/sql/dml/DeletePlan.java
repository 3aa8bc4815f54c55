package io.basalt.sql.dml;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.exec.access.HandleRow;

import java.util.List;

/** A bound single-table DELETE. */
public record DeletePlan(TableDef table, TargetRows targets) {

    public DmlResult execute(ExecContext ctx) {
        List<HandleRow> rows = targets.collect(ctx);
        for (HandleRow r : rows) {
            RowWriter.delete(ctx.txn(), ctx.rowLog(), table, r);
        }
        return new DmlResult(rows.size(), 0, "");
    }
}
