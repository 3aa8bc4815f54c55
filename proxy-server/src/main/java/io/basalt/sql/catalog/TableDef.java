package io.basalt.sql.catalog;

import java.util.List;
import java.util.Optional;

/**
 * A table definition (immutable; DDL produces a new one).
 *
 * @param id             storage table id (row keys {@code t{id}_r{handle}})
 * @param columns        in table order
 * @param indexes        PRIMARY first if present
 * @param handleColumnId id of the integer PRIMARY KEY column that is the row handle, or -1 when rows use a hidden
 *                       auto-assigned row id
 * @param nextColumnId   next free column id
 * @param nextIndexId    next free index id
 */
public record TableDef(long id, String database, String name, List<ColumnDef> columns, List<IndexDef> indexes,
                       int handleColumnId, int nextColumnId, long nextIndexId, String comment) {

    public TableDef {
        columns = List.copyOf(columns);
        indexes = List.copyOf(indexes);
    }

    /** Column by name, case-insensitively as MySQL matches column names. */
    public Optional<ColumnDef> column(String columnName) {
        for (ColumnDef c : columns) {
            if (c.name().equalsIgnoreCase(columnName)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    public int columnIndex(String columnName) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(columnName)) {
                return i;
            }
        }
        return -1;
    }

    public int columnIndexById(int columnId) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).id() == columnId) {
                return i;
            }
        }
        return -1;
    }

    public Optional<IndexDef> primaryKey() {
        return indexes.stream().filter(i -> i.kind() == IndexDef.Kind.PRIMARY).findFirst();
    }

    public Optional<IndexDef> index(String indexName) {
        return indexes.stream().filter(i -> i.name().equalsIgnoreCase(indexName)).findFirst();
    }

    public boolean hasHandleColumn() {
        return handleColumnId >= 0;
    }

    /** The AUTO_INCREMENT column, if any. */
    public Optional<ColumnDef> autoIncrementColumn() {
        return columns.stream().filter(ColumnDef::autoIncrement).findFirst();
    }
}
