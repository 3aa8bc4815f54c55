package io.basalt.sql.exec;

/** A pull iterator of rows; {@link #next} returns null at the end. Single-threaded; close releases buffers. */
public interface RowSource extends AutoCloseable {
    Object[] next();

    @Override
    default void close() {
    }
}
