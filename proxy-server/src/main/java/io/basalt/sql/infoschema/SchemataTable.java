package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.DatabaseDef;
import io.basalt.sql.catalog.TableDef;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.SCHEMATA: one row per database, information_schema first. */
final class SchemataTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "SCHEMATA", -1)
            .col("CATALOG_NAME", varchar(512))
            .col("SCHEMA_NAME", varchar(64))
            .col("DEFAULT_CHARACTER_SET_NAME", varchar(32))
            .col("DEFAULT_COLLATION_NAME", varchar(64))
            .nullable("SQL_PATH", varchar(512))
            .col("SCHEMA_COMMENT", varchar(1024))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (DatabaseDef db : InformationSchema.databases(context.catalog())) {
            rows.add(new Object[] {InformationSchema.CATALOG, db.name(), db.charset(), db.collation(), null, ""});
        }
        return rows;
    }
}
