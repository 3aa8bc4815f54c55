package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.ddl.ShowCreateTable;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.type.SqlType;

import java.util.List;

/** SHOW CREATE TABLE t: {@code Table}, {@code Create Table} (the text of {@link ShowCreateTable}). */
final class CreateTableShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        TableDef table = ShowSupport.table(show, session, catalog);
        Long next = context.statistics().nextAutoIncrement(table);
        List<ColumnDefinition> columns = List.of(
                ColumnDefinitions.forExpression("Table", SqlType.varchar(64), false),
                ColumnDefinitions.forExpression("Create Table", SqlType.varchar(1024), false));
        String text = ShowCreateTable.render(table, next == null ? 0 : next);
        return new ResultSetData(columns, List.<Object[]>of(new Object[] {table.name(), text}));
    }
}
