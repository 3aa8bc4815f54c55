package io.basalt.sql.row;

/** A stored row decoded: its values in the table's column order, and which columns it keeps off-row. */
public record DecodedRow(Object[] values, OffRowColumns offRow) {
}
