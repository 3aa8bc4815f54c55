package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;

import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.bigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.datetime;
import static io.basalt.sql.infoschema.VirtualTableBuilder.text;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.TRIGGERS: always empty (Basalt has no such objects). */
final class TriggersTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "TRIGGERS", -19)
            .col("TRIGGER_CATALOG", varchar(512))
            .col("TRIGGER_SCHEMA", varchar(64))
            .col("TRIGGER_NAME", varchar(64))
            .col("EVENT_MANIPULATION", varchar(6))
            .col("EVENT_OBJECT_CATALOG", varchar(512))
            .col("EVENT_OBJECT_SCHEMA", varchar(64))
            .col("EVENT_OBJECT_TABLE", varchar(64))
            .col("ACTION_ORDER", bigint(4))
            .nullable("ACTION_CONDITION", text(196605))
            .nullable("ACTION_STATEMENT", text(196605))
            .col("ACTION_ORIENTATION", varchar(9))
            .col("ACTION_TIMING", varchar(6))
            .nullable("ACTION_REFERENCE_OLD_TABLE", varchar(64))
            .nullable("ACTION_REFERENCE_NEW_TABLE", varchar(64))
            .col("ACTION_REFERENCE_OLD_ROW", varchar(3))
            .col("ACTION_REFERENCE_NEW_ROW", varchar(3))
            .nullable("CREATED", datetime(2))
            .col("SQL_MODE", varchar(8192))
            .nullable("DEFINER", varchar(384))
            .col("CHARACTER_SET_CLIENT", varchar(32))
            .col("COLLATION_CONNECTION", varchar(64))
            .col("DATABASE_COLLATION", varchar(64))
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
