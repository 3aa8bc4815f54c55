package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.result.ColumnDefinitions;

import java.util.ArrayList;
import java.util.List;

/**
 * COM_FIELD_LIST (the mysql CLI's completion): the column definitions of a table's columns whose names match a
 * LIKE wildcard (case-insensitively), as a {@code SELECT *} from the table would describe them.
 */
public final class FieldList {

    private FieldList() {
    }

    /** @param wildcard a LIKE pattern; null or empty for every column */
    public static List<ColumnDefinition> columns(TableDef table, String wildcard) {
        LikePattern pattern = wildcard == null || wildcard.isEmpty() ? null : LikePattern.compile(wildcard, false);
        List<ColumnDefinition> columns = new ArrayList<>();
        for (ColumnDef column : table.columns()) {
            if (pattern == null || pattern.matches(column.name())) {
                columns.add(ColumnDefinitions.forColumn(table.database(), table.name(), table, column,
                        column.name()));
            }
        }
        return columns;
    }
}
