package io.basalt.sql.catalog;

/** A column's DEFAULT: none given, a constant (already converted to the column type), or CURRENT_TIMESTAMP. */
public sealed interface DefaultValue {
    /** No DEFAULT clause: NULL for nullable columns; for NOT NULL columns an insert must supply a value. */
    record None() implements DefaultValue {
    }

    /** A constant; {@code value} is in the column type's value model, null for DEFAULT NULL. */
    record Constant(Object value) implements DefaultValue {
    }

    /** DEFAULT CURRENT_TIMESTAMP[(fsp)] / NOW(). */
    record CurrentTimestamp(int fsp) implements DefaultValue {
    }

    None NONE = new None();
}
