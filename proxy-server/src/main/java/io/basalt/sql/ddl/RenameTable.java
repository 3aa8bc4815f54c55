package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.CatalogChange;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.parser.ast.SqlRenameTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RENAME TABLE a TO b [, c TO d ...], also into another database: applied left to right (so {@code a TO tmp,
 * b TO a, tmp TO b} swaps) and all at once. 1146 when a source is missing, 1050 when a target exists, 1049 for
 * an unknown target database. Only definitions change; the data stays under the table id.
 */
final class RenameTable {
    private RenameTable() {
    }

    static long execute(DdlContext ctx, SqlRenameTable stmt, String currentDatabase) {
        List<TableName[]> pairs = new ArrayList<>();
        List<TableName> names = new ArrayList<>();
        for (SqlRenameTable.Rename r : stmt.renames()) {
            TableName from = TableName.of(r.from(), currentDatabase);
            TableName to = TableName.of(r.to(), currentDatabase);
            pairs.add(new TableName[] {from, to});
            names.add(from);
            names.add(to);
        }
        return ctx.withExclusive(names, () -> {
            rename(ctx, pairs);
            return 0L;
        });
    }

    private static void rename(DdlContext ctx, List<TableName[]> pairs) {
        Map<TableName, TableDef> state = new HashMap<>();
        Map<Long, TableDef> renamed = new LinkedHashMap<>();
        for (TableName[] p : pairs) {
            TableName from = p[0];
            TableName to = p[1];
            TableDef t = state.containsKey(from) ? state.get(from)
                    : ctx.snapshot().table(from.database(), from.table()).orElse(null);
            if (t == null) {
                throw from.noSuchTable();
            }
            to.checkValid();
            TableDef target = state.containsKey(to) ? state.get(to)
                    : ctx.snapshot().table(to.database(), to.table()).orElse(null);
            if (target != null) {
                throw new MySqlException(ErrorCode.TABLE_EXISTS_ERROR, to.table());
            }
            ctx.requireDatabase(to.database());
            TableDef moved = t.withName(to.database(), to.table());
            state.put(from, null);
            state.put(to, moved);
            renamed.put(moved.id(), moved);
        }
        CatalogChange change = new CatalogChange();
        renamed.values().forEach(change::putTable);
        ctx.catalog().apply(change);
    }
}
