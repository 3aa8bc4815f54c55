package io.basalt.sql.exec;

import java.util.Iterator;
import java.util.List;

/** Constant rows (VALUES lists evaluated at bind time, SHOW results, information_schema snapshots). */
public record MaterializedNode(List<Object[]> rows, int width) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        Iterator<Object[]> it = rows.iterator();
        return () -> it.hasNext() ? it.next().clone() : null;
    }
}
