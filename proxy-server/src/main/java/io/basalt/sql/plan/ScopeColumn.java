package io.basalt.sql.plan;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;

/**
 * A column visible by name in a query scope: where it sits in the row, its type, and (for table columns) where it
 * comes from, so result metadata can name the origin table and column.
 *
 * @param table  origin table, null for derived-table and computed columns
 * @param column origin column, null likewise
 */
public record ScopeColumn(String qualifier, String name, int index, SqlType type, boolean nullable, String schema,
                          TableDef table, ColumnDef column) {
}
