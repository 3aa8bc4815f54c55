package io.basalt.protocol.result;

import io.basalt.protocol.constants.FieldType;

/**
 * One column of a result set as ColumnDefinition41 carries it. {@code columnLength} is the display length in bytes
 * (characters × 4 for utf8mb4), {@code decimals} the scale or fractional-second precision (0x1f for "not fixed").
 */
public record ColumnDefinition(
        String schema,
        String table,
        String orgTable,
        String name,
        String orgName,
        int collationId,
        long columnLength,
        FieldType type,
        int flags,
        int decimals) {

    /** A computed column (expression, variable, literal): no table, no origin. */
    public static ColumnDefinition computed(String name, int collationId, long columnLength, FieldType type,
                                            int flags, int decimals) {
        return new ColumnDefinition("", "", "", name, "", collationId, columnLength, type, flags, decimals);
    }

    public ColumnDefinition withName(String newName) {
        return new ColumnDefinition(schema, table, orgTable, newName, orgName, collationId, columnLength, type, flags,
                decimals);
    }
}
