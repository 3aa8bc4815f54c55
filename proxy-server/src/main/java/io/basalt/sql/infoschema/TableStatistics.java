package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;

/**
 * What SHOW TABLE STATUS and information_schema.TABLES report beyond the catalog: a row count estimate and the next
 * AUTO_INCREMENT value. Supplied by the engine; {@link #NONE} reports 0 rows and no AUTO_INCREMENT.
 */
public interface TableStatistics {
    TableStatistics NONE = new TableStatistics() {
        @Override
        public long estimatedRows(TableDef table) {
            return 0;
        }

        @Override
        public Long nextAutoIncrement(TableDef table) {
            return null;
        }
    };

    /** An estimate of the table's row count (MySQL's TABLE_ROWS is an estimate too). */
    long estimatedRows(TableDef table);

    /** The value the next generated AUTO_INCREMENT would take; null when the table has no such column. */
    Long nextAutoIncrement(TableDef table);
}
