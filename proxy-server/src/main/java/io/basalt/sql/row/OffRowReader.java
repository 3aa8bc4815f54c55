package io.basalt.sql.row;

/**
 * Where {@link RowCodec#decode} fetches a value the row keeps off-row: the bytes stored under the row's key for
 * column {@code columnId}, read at the same version as the row itself, or null if there are none.
 */
@FunctionalInterface
public interface OffRowReader {
    byte[] read(int columnId);
}
