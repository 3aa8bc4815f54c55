package io.basalt.sql.exec.access;

/** A stored row with its handle (the row key's integer); {@code row} is in TableDef column order. */
public record HandleRow(long handle, Object[] row) {
}
