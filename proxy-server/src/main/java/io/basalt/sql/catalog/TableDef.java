package io.basalt.sql.catalog;

import java.util.List;
import java.util.Optional;

/**
 * A table definition (immutable; DDL produces a new one).
 *
 * @param id             storage table id (row keys {@code t{id}_r{handle}}); a TRUNCATE gives the table a new id
 * @param columns        in table order
 * @param indexes        in MariaDB's order: PRIMARY first, then UNIQUE keys over NOT NULL columns, other UNIQUE
 *                       keys, then the rest, each group in creation order
 * @param handleColumnId id of the integer PRIMARY KEY column that is the row handle, or -1 when rows use a hidden
 *                       auto-assigned row id
 * @param nextColumnId   next free column id
 * @param nextIndexId    next free index id
 * @param collation      the table's default collation (DEFAULT CHARSET / COLLATE table options)
 */
public record TableDef(long id, String database, String name, List<ColumnDef> columns, List<IndexDef> indexes,
                       int handleColumnId, int nextColumnId, long nextIndexId, String comment, String collation) {

    public TableDef {
        columns = List.copyOf(columns);
        indexes = List.copyOf(indexes);
    }

    /** A table with the server's default collation. */
    public TableDef(long id, String database, String name, List<ColumnDef> columns, List<IndexDef> indexes,
                    int handleColumnId, int nextColumnId, long nextIndexId, String comment) {
        this(id, database, name, columns, indexes, handleColumnId, nextColumnId, nextIndexId, comment,
                CharsetCollation.DEFAULT_COLLATION);
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

    /** Column by id; the id must belong to this table. */
    public ColumnDef columnById(int columnId) {
        int i = columnIndexById(columnId);
        if (i < 0) {
            throw new IllegalArgumentException("no column id " + columnId + " in " + database + "." + name);
        }
        return columns.get(i);
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

    /**
     * Whether an index has entries of its own in storage: every index except a PRIMARY KEY that is the row handle.
     */
    public boolean hasIndexEntries(IndexDef index) {
        return !(index.kind() == IndexDef.Kind.PRIMARY && hasHandleColumn());
    }

    /** The AUTO_INCREMENT column, if any. */
    public Optional<ColumnDef> autoIncrementColumn() {
        return columns.stream().filter(ColumnDef::autoIncrement).findFirst();
    }

    public TableDef withId(long newId) {
        return new TableDef(newId, database, name, columns, indexes, handleColumnId, nextColumnId, nextIndexId,
                comment, collation);
    }

    public TableDef withName(String newDatabase, String newName) {
        return new TableDef(id, newDatabase, newName, columns, indexes, handleColumnId, nextColumnId, nextIndexId,
                comment, collation);
    }
}
