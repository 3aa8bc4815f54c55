package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.datetime;
import static io.basalt.sql.infoschema.VirtualTableBuilder.ubigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/**
 * information_schema.TABLES, also the source of SHOW TABLE STATUS. Sizes are not tracked (0); TABLE_ROWS is the
 * engine's estimate ({@link TableStatistics}); CREATE_TIME / UPDATE_TIME are not recorded (NULL).
 */
final class TablesTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "TABLES", -2)
            .col("TABLE_CATALOG", varchar(512))
            .col("TABLE_SCHEMA", varchar(64))
            .col("TABLE_NAME", varchar(64))
            .col("TABLE_TYPE", varchar(64))
            .nullable("ENGINE", varchar(64))
            .nullable("VERSION", ubigint(21))
            .nullable("ROW_FORMAT", varchar(10))
            .nullable("TABLE_ROWS", ubigint(21))
            .nullable("AVG_ROW_LENGTH", ubigint(21))
            .nullable("DATA_LENGTH", ubigint(21))
            .nullable("MAX_DATA_LENGTH", ubigint(21))
            .nullable("INDEX_LENGTH", ubigint(21))
            .nullable("DATA_FREE", ubigint(21))
            .nullable("AUTO_INCREMENT", ubigint(21))
            .nullable("CREATE_TIME", datetime(0))
            .nullable("UPDATE_TIME", datetime(0))
            .nullable("CHECK_TIME", datetime(0))
            .nullable("TABLE_COLLATION", varchar(64))
            .nullable("CHECKSUM", ubigint(21))
            .nullable("CREATE_OPTIONS", varchar(2048))
            .col("TABLE_COMMENT", varchar(2048))
            .nullable("MAX_INDEX_LENGTH", ubigint(21))
            .nullable("TEMPORARY", varchar(1))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (TableDef table : InformationSchema.allTables(context.catalog())) {
            rows.add(row(table, context.statistics()));
        }
        return rows;
    }

    /** The row of one table, in column order. */
    static Object[] row(TableDef table, TableStatistics statistics) {
        boolean system = table.id() < 0;
        return new Object[] {
            InformationSchema.CATALOG, table.database(), table.name(), system ? "SYSTEM VIEW" : "BASE TABLE",
            system ? "MEMORY" : EnginesTable.ENGINE, 10L, system ? "Fixed" : "Dynamic",
            system ? null : statistics.estimatedRows(table), 0L, 0L, 0L, 0L, 0L,
            system ? null : statistics.nextAutoIncrement(table), null, null, null,
            system ? InformationSchema.COLLATION : table.collation(), null, "",
            table.comment() == null ? "" : table.comment(), 0L, "N"};
    }
}
