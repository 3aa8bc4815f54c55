package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;

import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.datetime;
import static io.basalt.sql.infoschema.VirtualTableBuilder.text;
import static io.basalt.sql.infoschema.VirtualTableBuilder.ubigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.PARTITIONS: always empty (Basalt has no such objects). */
final class PartitionsTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "PARTITIONS", -20)
            .col("TABLE_CATALOG", varchar(512))
            .col("TABLE_SCHEMA", varchar(64))
            .col("TABLE_NAME", varchar(64))
            .nullable("PARTITION_NAME", varchar(64))
            .nullable("SUBPARTITION_NAME", varchar(64))
            .nullable("PARTITION_ORDINAL_POSITION", ubigint(21))
            .nullable("SUBPARTITION_ORDINAL_POSITION", ubigint(21))
            .nullable("PARTITION_METHOD", varchar(18))
            .nullable("SUBPARTITION_METHOD", varchar(12))
            .nullable("PARTITION_EXPRESSION", text(196605))
            .nullable("SUBPARTITION_EXPRESSION", text(196605))
            .nullable("PARTITION_DESCRIPTION", text(196605))
            .col("TABLE_ROWS", ubigint(21))
            .col("AVG_ROW_LENGTH", ubigint(21))
            .col("DATA_LENGTH", ubigint(21))
            .nullable("MAX_DATA_LENGTH", ubigint(21))
            .col("INDEX_LENGTH", ubigint(21))
            .col("DATA_FREE", ubigint(21))
            .nullable("CREATE_TIME", datetime(0))
            .nullable("UPDATE_TIME", datetime(0))
            .nullable("CHECK_TIME", datetime(0))
            .nullable("CHECKSUM", ubigint(21))
            .col("PARTITION_COMMENT", varchar(80))
            .col("NODEGROUP", varchar(12))
            .nullable("TABLESPACE_NAME", varchar(64))
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
