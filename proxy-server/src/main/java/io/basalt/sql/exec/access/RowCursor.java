package io.basalt.sql.exec.access;

/** Rows read through an access path; {@link #next} returns null at the end. */
public interface RowCursor {
    HandleRow next();
}
