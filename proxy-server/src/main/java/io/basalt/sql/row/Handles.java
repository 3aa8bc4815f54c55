package io.basalt.sql.row;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;

/**
 * Row handles. A table whose PRIMARY KEY is one integer column uses that column's value as the handle of its row
 * key {@code t{table}_r{handle}}; others use a hidden row id from
 * {@link io.basalt.sql.catalog.AutoIncrementAllocator#nextRowId}.
 *
 * <p>Row keys encode the handle as a memcomparable <em>signed</em> 64-bit integer, so key order is signed order.
 * That is the column's order for signed columns; for UNSIGNED columns (where BIGINT UNSIGNED values above 2^63-1
 * are carried as negative longs) the handle is the value with its sign bit flipped, which makes key order the
 * unsigned order. Always convert with {@link #fromColumnValue} / {@link #toColumnValue}, also for range bounds.
 */
public final class Handles {
    private Handles() {
    }

    /** The handle of a row whose handle column holds {@code value}. */
    public static long fromColumnValue(ColumnDef handleColumn, long value) {
        return handleColumn.type().unsigned() ? value ^ Long.MIN_VALUE : value;
    }

    /** The handle column's value of the row with {@code handle}. */
    public static long toColumnValue(ColumnDef handleColumn, long handle) {
        return handleColumn.type().unsigned() ? handle ^ Long.MIN_VALUE : handle;
    }

    /** The handle column of a table, which must have one. */
    public static ColumnDef handleColumn(TableDef table) {
        if (!table.hasHandleColumn()) {
            throw new IllegalArgumentException("table " + table.name() + " has no integer primary key handle");
        }
        return table.columnById(table.handleColumnId());
    }

    /**
     * The handle of {@code row} (values in table column order) of a table with a handle column; the value must be
     * non-null (a primary key column is NOT NULL).
     */
    public static long of(TableDef table, Object[] row) {
        ColumnDef c = handleColumn(table);
        return fromColumnValue(c, (Long) row[table.columnIndexById(c.id())]);
    }
}
