package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.infoschema.InformationSchema;
import io.basalt.sql.infoschema.VirtualTableBuilder;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.ArrayList;
import java.util.List;

/**
 * SHOW OPEN TABLES [FROM db] [LIKE | WHERE]: Database, Table, In_use, Name_locked. Basalt keeps no table cache, so
 * every table of the catalog (or of db) is listed as open and unused.
 */
final class OpenTablesShow implements ShowCommand {
    private static final TableDef OPEN_TABLES =
            new VirtualTableBuilder(InformationSchema.NAME, "OPEN_TABLES", -102)
                    .col("Database", VirtualTableBuilder.varchar(64))
                    .col("Table", VirtualTableBuilder.varchar(64))
                    .col("In_use", VirtualTableBuilder.bigint(1))
                    .col("Name_locked", VirtualTableBuilder.bigint(4))
                    .build();

    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        List<ColumnDefinition> columns = ShowSupport.columns(OPEN_TABLES,
                "Database", "Database", "Table", "Table", "In_use", "In_use", "Name_locked", "Name_locked");
        List<TableDef> tables = show.database() == null ? catalog.allTables()
                : catalog.tables(ShowSupport.database(show.database(), session, catalog));
        List<Object[]> rows = new ArrayList<>();
        for (TableDef table : tables) {
            rows.add(new Object[] {table.database(), table.name(), 0L, 0L});
        }
        return ShowSupport.filter(columns, rows, show, 1, true, session, context);
    }
}
