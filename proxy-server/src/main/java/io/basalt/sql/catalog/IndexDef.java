package io.basalt.sql.catalog;

import java.util.List;

/**
 * An index. The PRIMARY KEY of a table whose key is one integer column is the row handle itself and has no index
 * entries ({@link TableDef#handleColumnId()}); any other primary key is stored as a unique index over a hidden
 * row id.
 *
 * @param id      index id, unique within the table (keys {@code t{tableId}_i{id}...})
 * @param columns key parts in order
 */
public record IndexDef(long id, String name, Kind kind, List<KeyPart> columns) {
    public enum Kind { PRIMARY, UNIQUE, SECONDARY }

    /** One key part: a column id and an optional prefix length in characters (0 = whole value). */
    public record KeyPart(int columnId, int prefixLength) {
    }

    public IndexDef {
        columns = List.copyOf(columns);
    }

    public boolean unique() {
        return kind != Kind.SECONDARY;
    }
}
