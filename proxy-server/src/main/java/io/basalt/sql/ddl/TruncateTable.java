package io.basalt.sql.ddl;

import io.basalt.sql.catalog.CatalogChange;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.parser.ast.SqlTruncateTable;
import java.util.List;

/**
 * TRUNCATE [TABLE] t: the table gets a new, empty id (placed on shards first) and the old id's rows and index
 * entries are deleted in the background, so TRUNCATE is instant whatever the size. The AUTO_INCREMENT counter
 * and the row id counter restart at 1, as MariaDB's TRUNCATE does.
 */
final class TruncateTable {
    private TruncateTable() {
    }

    static long execute(DdlContext ctx, SqlTruncateTable stmt, String currentDatabase) {
        TableName name = TableName.of(stmt.table(), currentDatabase);
        return ctx.withExclusive(List.of(name), () -> {
            TableDef old = ctx.requireTable(name);
            TableDef fresh = new TableDef(ctx.catalog().reserveTableId(), old.database(), old.name(),
                    old.columns().stream().map(c -> c.withOriginDefault(null)).toList(), old.indexes(),
                    old.handleColumnId(), old.nextColumnId(), old.nextIndexId(), old.comment(), old.collation());
            ctx.catalog().place(fresh);
            ctx.catalog().apply(new CatalogChange().dropTable(old).putTable(fresh));
            return 0L;
        });
    }
}
