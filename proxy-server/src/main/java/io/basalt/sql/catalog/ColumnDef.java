package io.basalt.sql.catalog;

import io.basalt.sql.type.SqlType;

/**
 * A table column.
 *
 * @param id                 stable id within the table, never reused; rows store values by id so that ADD/DROP
 *                           COLUMN need no rewrite
 * @param defaultValue       the DEFAULT clause (see {@link DefaultValue})
 * @param onUpdateNow        ON UPDATE CURRENT_TIMESTAMP
 * @param collation          collation of a string column (e.g. {@code utf8mb4_general_ci}, {@code utf8mb4_bin});
 *                           null for other types. Decides how index keys compare ({@link #caseInsensitive()}).
 * @param originDefault      the value of this column in rows written before it existed (ADD COLUMN fills old rows
 *                           with it without rewriting them); null for columns created with the table
 */
public record ColumnDef(int id, String name, SqlType type, boolean nullable, DefaultValue defaultValue,
                        boolean autoIncrement, boolean onUpdateNow, String comment, String collation,
                        Object originDefault) {

    /** A column with the default collation for string types and no origin default. */
    public ColumnDef(int id, String name, SqlType type, boolean nullable, DefaultValue defaultValue,
                     boolean autoIncrement, boolean onUpdateNow, String comment) {
        this(id, name, type, nullable, defaultValue, autoIncrement, onUpdateNow, comment,
                CharsetCollation.hasCollation(type.kind()) ? CharsetCollation.DEFAULT_COLLATION : null, null);
    }

    /** True when string values compare case- and accent-insensitively (any collation but a binary one). */
    public boolean caseInsensitive() {
        return collation != null && !CharsetCollation.isBinary(collation);
    }

    /** The character set of a string column, derived from its collation; null for other types. */
    public String charset() {
        return collation == null ? null : CharsetCollation.charsetOf(collation);
    }

    public ColumnDef withNullable(boolean newNullable) {
        return new ColumnDef(id, name, type, newNullable, defaultValue, autoIncrement, onUpdateNow, comment,
                collation, originDefault);
    }

    public ColumnDef withOriginDefault(Object value) {
        return new ColumnDef(id, name, type, nullable, defaultValue, autoIncrement, onUpdateNow, comment,
                collation, value);
    }
}
