package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.CatalogChange;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.parser.ast.SqlDropDatabase;
import java.util.List;

/**
 * DROP DATABASE [IF EXISTS] name: drops the database and its tables (their data is deleted in the background);
 * the affected-row count is the number of tables dropped, as MySQL reports.
 */
final class DropDatabase {
    private DropDatabase() {
    }

    static long execute(DdlContext ctx, SqlDropDatabase stmt, Warnings warnings) {
        String name = stmt.name();
        if (ctx.snapshot().database(name).isEmpty()) {
            if (stmt.ifExists()) {
                warnings.add("Note", ErrorCode.DB_DROP_EXISTS.code(), ErrorCode.DB_DROP_EXISTS.format(name));
                return 0;
            }
            throw new MySqlException(ErrorCode.DB_DROP_EXISTS, name);
        }
        List<TableDef> tables = ctx.snapshot().tables(name);
        List<TableName> names = tables.stream().map(t -> new TableName(name, t.name())).toList();
        return ctx.withExclusive(names, () -> {
            CatalogChange change = new CatalogChange();
            tables.forEach(change::dropTable);
            ctx.catalog().apply(change.dropDatabase(name));
            return (long) tables.size();
        });
    }
}
