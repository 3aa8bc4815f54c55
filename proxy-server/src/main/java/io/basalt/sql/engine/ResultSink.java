package io.basalt.sql.engine;

import io.basalt.protocol.result.ColumnDefinition;

import java.util.List;

/**
 * Where one statement's outcome goes: either a result set ({@link #columns}, any number of {@link #row}s,
 * {@link #endRows}) or an OK ({@link #ok}). Errors are thrown as {@link io.basalt.protocol.error.MySqlException}
 * instead. The connection layer implements it and chooses text or binary rows; status flags and warning counts are
 * read from the session when the terminating packet is written. Called on the statement's worker thread;
 * {@link #row} may block while the client is slow (channel not writable).
 */
public interface ResultSink {
    void columns(List<ColumnDefinition> columns);

    /** One row in the value model of {@link io.basalt.sql.type.SqlType}; the array is not retained. */
    void row(Object[] values);

    void endRows();

    /** @param info the human-readable info text MySQL sends (e.g. "Records: 3  Duplicates: 0  Warnings: 0") */
    void ok(long affectedRows, long lastInsertId, String info);
}
