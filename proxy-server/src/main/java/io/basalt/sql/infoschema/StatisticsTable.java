package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.bigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.uint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/**
 * information_schema.STATISTICS, also the source of SHOW INDEX: one row per key part. CARDINALITY is not
 * estimated (NULL); every index is a BTREE in ascending order.
 */
final class StatisticsTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "STATISTICS", -4)
            .col("TABLE_CATALOG", varchar(512))
            .col("TABLE_SCHEMA", varchar(64))
            .col("TABLE_NAME", varchar(64))
            .col("NON_UNIQUE", bigint(1))
            .col("INDEX_SCHEMA", varchar(64))
            .col("INDEX_NAME", varchar(64))
            .col("SEQ_IN_INDEX", uint(2))
            .col("COLUMN_NAME", varchar(64))
            .nullable("COLLATION", varchar(1))
            .nullable("CARDINALITY", bigint(21))
            .nullable("SUB_PART", bigint(3))
            .nullable("PACKED", varchar(10))
            .col("NULLABLE", varchar(3))
            .col("INDEX_TYPE", varchar(16))
            .nullable("COMMENT", varchar(16))
            .col("INDEX_COMMENT", varchar(1024))
            .col("IGNORED", varchar(3))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (TableDef table : context.catalog().allTables()) {
            rows.addAll(rows(table));
        }
        return rows;
    }

    /** The rows of one table's indexes, in index order then key part order. */
    static List<Object[]> rows(TableDef table) {
        List<Object[]> rows = new ArrayList<>();
        for (IndexDef index : table.indexes()) {
            List<IndexDef.KeyPart> parts = index.columns();
            for (int i = 0; i < parts.size(); i++) {
                ColumnDef column = table.columnById(parts.get(i).columnId());
                int prefix = parts.get(i).prefixLength();
                rows.add(new Object[] {
                    InformationSchema.CATALOG, table.database(), table.name(), index.unique() ? 0L : 1L,
                    table.database(), index.name(), (long) i + 1, column.name(), "A", null,
                    prefix > 0 ? (Long) (long) prefix : null, null, column.nullable() ? "YES" : "", "BTREE", "", "",
                    "NO"});
            }
        }
        return rows;
    }
}
