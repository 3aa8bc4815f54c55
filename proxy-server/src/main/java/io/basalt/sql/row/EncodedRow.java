package io.basalt.sql.row;

import java.util.List;

/**
 * A row in stored form: the row value and the values it keeps off-row, each to be stored under the row's key for
 * its column ({@code TableKeys.lobKey}).
 */
public record EncodedRow(byte[] value, List<OffRowValue> offRow) {

    /**
     * One column's value stored off the row: UTF-8 for strings, the bytes for binary values; null bytes for a value
     * the row being rewritten already stores there (see {@link RowCodec#encode(Object[], Object[], OffRowColumns)}).
     */
    public record OffRowValue(int columnId, byte[] bytes) {
        /** Whether the value is already stored, so there is nothing to write. */
        public boolean kept() {
            return bytes == null;
        }
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
