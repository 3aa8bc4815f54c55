package io.basalt.sql.binlog;

import io.basalt.sql.catalog.TableDef;

/**
 * Where a data statement reports each row it changed, in the order it changed them, so the binlog can record the
 * row images (values in the {@link io.basalt.sql.type.SqlType} value model, full rows in table column order).
 * Reported only after the storage write succeeded.
 */
public interface RowLog {
    /** Records nothing: binary logging is off, or sql_log_bin=0. */
    RowLog NONE = new RowLog() {
        @Override
        public void inserted(TableDef table, Object[] row) {
        }

        @Override
        public void updated(TableDef table, Object[] before, Object[] after) {
        }

        @Override
        public void deleted(TableDef table, Object[] row) {
        }
    };

    void inserted(TableDef table, Object[] row);

    void updated(TableDef table, Object[] before, Object[] after);

    void deleted(TableDef table, Object[] row);
}
