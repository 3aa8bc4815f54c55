package io.basalt.sql.result;

import io.basalt.protocol.result.ColumnDefinition;

import java.util.List;

/**
 * A small, fully materialised result set (SHOW output, information_schema rows): column definitions and rows in the
 * value model of {@link io.basalt.sql.type.SqlType}, one array element per column. The lists are not copied; rows
 * are never modified after construction.
 */
public record ResultSetData(List<ColumnDefinition> columns, List<Object[]> rows) {

    public ResultSetData {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }
}
