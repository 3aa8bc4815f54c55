package io.basalt.sql.row;

import java.util.List;

/**
 * A row in stored form: the row value and the values it keeps off-row, each to be stored under the row's key for
 * its column ({@code TableKeys.lobKey}).
 */
public record EncodedRow(byte[] value, List<OffRowValue> offRow) {

    /** One column's value stored off the row: UTF-8 for strings, the bytes for binary values. */
    public record OffRowValue(int columnId, byte[] bytes) {
    }

    public boolean hasOffRow(int columnId) {
        for (OffRowValue v : offRow) {
            if (v.columnId() == columnId) {
                return true;
            }
        }
        return false;
    }
}
