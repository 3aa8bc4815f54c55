package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.TABLE_CONSTRAINTS: PRIMARY KEY and UNIQUE constraints. */
final class TableConstraintsTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "TABLE_CONSTRAINTS", -10)
            .col("CONSTRAINT_CATALOG", varchar(512))
            .col("CONSTRAINT_SCHEMA", varchar(64))
            .col("CONSTRAINT_NAME", varchar(64))
            .col("TABLE_SCHEMA", varchar(64))
            .col("TABLE_NAME", varchar(64))
            .col("CONSTRAINT_TYPE", varchar(64))
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
                if (index.unique()) {
                    rows.add(new Object[] {InformationSchema.CATALOG, table.database(), index.name(),
                        table.database(), table.name(),
                        index.kind() == IndexDef.Kind.PRIMARY ? "PRIMARY KEY" : "UNIQUE"});
                }
            }
        }
        return rows;
    }
}
