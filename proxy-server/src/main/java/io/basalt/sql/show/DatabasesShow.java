package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.DatabaseDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.infoschema.InformationSchema;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.Comparator;
import java.util.List;

/** SHOW DATABASES [LIKE | WHERE]: {@code Database}, information_schema included, sorted by name. */
final class DatabasesShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        TableDef schemata = ShowSupport.virtualTable("SCHEMATA");
        List<ColumnDefinition> columns = List.of(
                ShowSupport.column(schemata, "SCHEMA_NAME", ShowSupport.withPattern("Database", show)));
        List<Object[]> rows = InformationSchema.databases(catalog).stream()
                .map(DatabaseDef::name)
                .sorted(Comparator.naturalOrder())
                .map(name -> new Object[] {name})
                .toList();
        return ShowSupport.filter(columns, rows, show, 0, true, session, context);
    }
}
