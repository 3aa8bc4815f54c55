package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.ddl.ShowCreateTable;

import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.ENGINES: Basalt's one storage engine (no XA). */
final class EnginesTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "ENGINES", -5)
            .col("ENGINE", varchar(64))
            .col("SUPPORT", varchar(8))
            .col("COMMENT", varchar(160))
            .nullable("TRANSACTIONS", varchar(3))
            .nullable("XA", varchar(3))
            .nullable("SAVEPOINTS", varchar(3))
            .build();

    /** The engine name tables report (CREATE TABLE ... ENGINE=InnoDB is accepted and ignored). */
    static final String ENGINE = ShowCreateTable.ENGINE;

    static final List<Object[]> ENGINE_ROWS = List.<Object[]>of(new Object[] {ENGINE, "DEFAULT",
        "Percolator transactions (1PC, async commit, 2PC) over sharded RocksDB", "YES", "NO", "YES"});

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        return ENGINE_ROWS;
    }
}
