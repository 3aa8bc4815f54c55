package io.basalt.sql.catalog;

import io.basalt.sql.type.SqlType;

/**
 * A table column.
 *
 * @param id                 stable id within the table, never reused; rows store values by id so that ADD/DROP
 *                           COLUMN need no rewrite
 * @param defaultValue       the DEFAULT clause (see {@link DefaultValue})
 * @param onUpdateNow        ON UPDATE CURRENT_TIMESTAMP
 */
public record ColumnDef(int id, String name, SqlType type, boolean nullable, DefaultValue defaultValue,
                        boolean autoIncrement, boolean onUpdateNow, String comment) {
}
