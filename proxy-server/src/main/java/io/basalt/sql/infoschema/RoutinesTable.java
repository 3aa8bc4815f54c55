package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;

import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.datetime;
import static io.basalt.sql.infoschema.VirtualTableBuilder.integer;
import static io.basalt.sql.infoschema.VirtualTableBuilder.text;
import static io.basalt.sql.infoschema.VirtualTableBuilder.ubigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.ROUTINES: always empty (Basalt has no such objects). */
final class RoutinesTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "ROUTINES", -17)
            .col("SPECIFIC_NAME", varchar(64))
            .col("ROUTINE_CATALOG", varchar(512))
            .col("ROUTINE_SCHEMA", varchar(64))
            .col("ROUTINE_NAME", varchar(64))
            .col("ROUTINE_TYPE", varchar(13))
            .col("DATA_TYPE", varchar(64))
            .nullable("CHARACTER_MAXIMUM_LENGTH", integer(21))
            .nullable("CHARACTER_OCTET_LENGTH", integer(21))
            .nullable("NUMERIC_PRECISION", integer(21))
            .nullable("NUMERIC_SCALE", integer(21))
            .nullable("DATETIME_PRECISION", ubigint(21))
            .nullable("CHARACTER_SET_NAME", varchar(64))
            .nullable("COLLATION_NAME", varchar(64))
            .nullable("DTD_IDENTIFIER", text(196605))
            .col("ROUTINE_BODY", varchar(8))
            .nullable("ROUTINE_DEFINITION", text(196605))
            .nullable("EXTERNAL_NAME", varchar(64))
            .nullable("EXTERNAL_LANGUAGE", varchar(64))
            .col("PARAMETER_STYLE", varchar(8))
            .col("IS_DETERMINISTIC", varchar(3))
            .col("SQL_DATA_ACCESS", varchar(64))
            .nullable("SQL_PATH", varchar(64))
            .col("SECURITY_TYPE", varchar(7))
            .col("CREATED", datetime(0))
            .col("LAST_ALTERED", datetime(0))
            .col("SQL_MODE", varchar(8192))
            .col("ROUTINE_COMMENT", text(196605))
            .col("DEFINER", varchar(384))
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
