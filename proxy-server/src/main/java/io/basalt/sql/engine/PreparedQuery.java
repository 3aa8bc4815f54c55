package io.basalt.sql.engine;

import io.basalt.protocol.result.ColumnDefinition;

import java.util.List;

/**
 * A statement prepared by the engine for COM_STMT_PREPARE: its parameter count and the result columns that every
 * execute returns (the same count, which drivers check). Immutable; the connection keeps it with its statement id.
 */
public interface PreparedQuery {
    String sql();

    int parameterCount();

    /** Empty for statements that return no result set. */
    List<ColumnDefinition> resultColumns();

    /**
     * Whether {@link SqlEngine#executeWithoutWaiting} may try it (a plain read, or a data statement that changes no
     * session state); a cheap check before decoding.
     */
    boolean mayRunWithoutWaiting();
}
