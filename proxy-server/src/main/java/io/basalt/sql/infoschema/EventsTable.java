package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;

import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.bigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.datetime;
import static io.basalt.sql.infoschema.VirtualTableBuilder.text;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.EVENTS: always empty (Basalt has no such objects). */
final class EventsTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "EVENTS", -21)
            .col("EVENT_CATALOG", varchar(64))
            .col("EVENT_SCHEMA", varchar(64))
            .col("EVENT_NAME", varchar(64))
            .col("DEFINER", varchar(384))
            .col("TIME_ZONE", varchar(64))
            .col("EVENT_BODY", varchar(8))
            .col("EVENT_DEFINITION", text(196605))
            .col("EVENT_TYPE", varchar(9))
            .nullable("EXECUTE_AT", datetime(0))
            .nullable("INTERVAL_VALUE", varchar(256))
            .nullable("INTERVAL_FIELD", varchar(18))
            .col("SQL_MODE", varchar(8192))
            .nullable("STARTS", datetime(0))
            .nullable("ENDS", datetime(0))
            .col("STATUS", varchar(18))
            .col("ON_COMPLETION", varchar(12))
            .col("CREATED", datetime(0))
            .col("LAST_ALTERED", datetime(0))
            .nullable("LAST_EXECUTED", datetime(0))
            .col("EVENT_COMMENT", varchar(64))
            .col("ORIGINATOR", bigint(10))
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
