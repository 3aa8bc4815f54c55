package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.text;
import static io.basalt.sql.infoschema.VirtualTableBuilder.ubigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.COLUMNS, also the source of SHOW [FULL] COLUMNS (which shows defaults unquoted). */
final class ColumnsTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "COLUMNS", -3)
            .col("TABLE_CATALOG", varchar(512))
            .col("TABLE_SCHEMA", varchar(64))
            .col("TABLE_NAME", varchar(64))
            .col("COLUMN_NAME", varchar(64))
            .col("ORDINAL_POSITION", ubigint(21))
            .nullable("COLUMN_DEFAULT", text(196596))
            .col("IS_NULLABLE", varchar(3))
            .col("DATA_TYPE", varchar(64))
            .nullable("CHARACTER_MAXIMUM_LENGTH", ubigint(21))
            .nullable("CHARACTER_OCTET_LENGTH", ubigint(21))
            .nullable("NUMERIC_PRECISION", ubigint(21))
            .nullable("NUMERIC_SCALE", ubigint(21))
            .nullable("DATETIME_PRECISION", ubigint(21))
            .nullable("CHARACTER_SET_NAME", varchar(32))
            .nullable("COLLATION_NAME", varchar(64))
            .col("COLUMN_TYPE", text(196605))
            .col("COLUMN_KEY", varchar(3))
            .col("EXTRA", varchar(80))
            .col("PRIVILEGES", varchar(80))
            .col("COLUMN_COMMENT", varchar(1024))
            .col("IS_GENERATED", varchar(6))
            .nullable("GENERATION_EXPRESSION", text(196596))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (TableDef table : InformationSchema.allTables(context.catalog())) {
            for (int i = 0; i < table.columns().size(); i++) {
                rows.add(row(table, i));
            }
        }
        return rows;
    }

    /** The row of the {@code index}-th column of {@code table}. */
    static Object[] row(TableDef table, int index) {
        ColumnDef column = table.columns().get(index);
        SqlType type = column.type();
        return new Object[] {
            InformationSchema.CATALOG, table.database(), table.name(), column.name(), (long) index + 1,
            ColumnDescriptions.schemaDefault(column), column.nullable() ? "YES" : "NO",
            ColumnDescriptions.dataType(type), ColumnDescriptions.characterMaximumLength(type),
            ColumnDescriptions.characterOctetLength(type), ColumnDescriptions.numericPrecision(type),
            ColumnDescriptions.numericScale(type), ColumnDescriptions.datetimePrecision(type),
            column.charset(), column.collation(), ColumnDescriptions.typeText(type),
            ColumnDescriptions.key(table, column), ColumnDescriptions.extra(column), ColumnDescriptions.PRIVILEGES,
            column.comment() == null ? "" : column.comment(), "NEVER", null};
    }
}
