package io.basalt.sql.exec;

/**
 * A physical operator of a cached plan. Immutable: {@link #open} creates the per-execution state, so one plan
 * serves every execution of a prepared or cached statement.
 */
public interface PlanNode {
    RowSource open(ExecContext ctx);

    /** Number of values in each produced row. */
    int width();
}
