package io.basalt.sql.exec.access;

import io.basalt.sql.row.DecodedRow;
import io.basalt.sql.row.OffRowColumns;

/**
 * A stored row with its handle (the row key's integer); {@code row} is in TableDef column order, {@code offRow} says
 * which of its columns the stored row keeps off-row (writers of the row need it to keep or remove those values).
 */
public record HandleRow(long handle, Object[] row, OffRowColumns offRow) {

    public static HandleRow of(long handle, DecodedRow decoded) {
        return new HandleRow(handle, decoded.values(), decoded.offRow());
    }
}
