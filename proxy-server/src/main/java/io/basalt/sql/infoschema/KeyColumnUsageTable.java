package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.bigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.KEY_COLUMN_USAGE: the columns of PRIMARY KEY and UNIQUE constraints (no foreign keys). */
final class KeyColumnUsageTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "KEY_COLUMN_USAGE", -9)
            .col("CONSTRAINT_CATALOG", varchar(512))
            .col("CONSTRAINT_SCHEMA", varchar(64))
            .col("CONSTRAINT_NAME", varchar(64))
            .col("TABLE_CATALOG", varchar(512))
            .col("TABLE_SCHEMA", varchar(64))
            .col("TABLE_NAME", varchar(64))
            .col("COLUMN_NAME", varchar(64))
            .col("ORDINAL_POSITION", bigint(10))
            .nullable("POSITION_IN_UNIQUE_CONSTRAINT", bigint(10))
            .nullable("REFERENCED_TABLE_SCHEMA", varchar(64))
            .nullable("REFERENCED_TABLE_NAME", varchar(64))
            .nullable("REFERENCED_COLUMN_NAME", varchar(64))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (TableDef table : context.catalog().allTables()) {
            for (IndexDef index : table.indexes()) {
                if (!index.unique()) {
                    continue;
                }
                for (int i = 0; i < index.columns().size(); i++) {
                    String column = table.columnById(index.columns().get(i).columnId()).name();
                    rows.add(new Object[] {InformationSchema.CATALOG, table.database(), index.name(),
                        InformationSchema.CATALOG, table.database(), table.name(), column, (long) i + 1, null, null,
                        null, null});
                }
            }
        }
        return rows;
    }
}
