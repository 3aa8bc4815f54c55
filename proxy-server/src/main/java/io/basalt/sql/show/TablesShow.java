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
 * SHOW [FULL] TABLES [FROM db] [LIKE | WHERE]: {@code Tables_in_<db>} [, {@code Table_type}]. MariaDB answers it
 * from its internal information_schema table TABLE_NAMES, whose name and column types the result reports.
 */
final class TablesShow implements ShowCommand {
    private static final TableDef TABLE_NAMES =
            new VirtualTableBuilder(InformationSchema.NAME, "TABLE_NAMES", -101)
                    .col("TABLE_NAME", VirtualTableBuilder.varchar(73))
                    .col("TABLE_TYPE", VirtualTableBuilder.varchar(64))
                    .build();

    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        String db = ShowSupport.database(show.database(), session, catalog);
        List<ColumnDefinition> columns = new ArrayList<>();
        columns.add(ShowSupport.column(TABLE_NAMES, "TABLE_NAME", ShowSupport.withPattern("Tables_in_" + db, show)));
        if (show.full()) {
            columns.add(ShowSupport.column(TABLE_NAMES, "TABLE_TYPE", "Table_type"));
        }
        List<Object[]> rows = new ArrayList<>();
        for (TableDef table : InformationSchema.tables(catalog, db)) {
            String type = table.id() < 0 ? "SYSTEM VIEW" : "BASE TABLE";
            rows.add(show.full() ? new Object[] {table.name(), type} : new Object[] {table.name()});
        }
        return ShowSupport.filter(columns, rows, show, 0, true, session, context);
    }
}
