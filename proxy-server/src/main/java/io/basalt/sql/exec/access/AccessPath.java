package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;

/**
 * How a table's rows are found: a full scan, a point or batch get by handle, a handle range, or an index lookup.
 * Chosen at bind time by {@link io.basalt.sql.plan.AccessPathChooser}; key expressions are evaluated per
 * execution, so one cached plan serves every parameter value. Paths may return rows that do not satisfy the WHERE
 * clause (the filter is always applied above them), never miss one that does.
 */
public interface AccessPath {
    TableDef table();

    RowCursor open(ExecContext ctx);

    /** For EXPLAIN-like diagnostics and tests. */
    String describe();
}
