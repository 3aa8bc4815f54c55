package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;

import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.text;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.VIEWS: always empty (Basalt has no such objects). */
final class ViewsTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "VIEWS", -18)
            .col("TABLE_CATALOG", varchar(512))
            .col("TABLE_SCHEMA", varchar(64))
            .col("TABLE_NAME", varchar(64))
            .col("VIEW_DEFINITION", text(196605))
            .col("CHECK_OPTION", varchar(8))
            .col("IS_UPDATABLE", varchar(3))
            .col("DEFINER", varchar(384))
            .col("SECURITY_TYPE", varchar(7))
            .col("CHARACTER_SET_CLIENT", varchar(32))
            .col("COLLATION_CONNECTION", varchar(64))
            .col("ALGORITHM", varchar(10))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        return List.of();
    }
}
