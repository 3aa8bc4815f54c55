package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.CatalogChange;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.parser.ast.SqlDropTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.sql.SqlIdentifier;

/**
 * DROP [TEMPORARY] TABLE [IF EXISTS] t1, t2...: drops the tables that exist (their data is deleted in the
 * background) and reports all missing ones at once, as MariaDB: error 1051 "Unknown table 'db.t1,db.t2'", or with
 * IF EXISTS one Note 1051. There are no temporary tables, so DROP TEMPORARY TABLE finds none.
 */
final class DropTable {
    private DropTable() {
    }

    static long execute(DdlContext ctx, SqlDropTable stmt, String currentDatabase, Warnings warnings) {
        List<TableDef> found = new ArrayList<>();
        List<TableName> foundNames = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (SqlIdentifier id : stmt.tables()) {
            TableName name = TableName.of(id, currentDatabase);
            Optional<TableDef> t = stmt.temporary() ? Optional.empty()
                    : ctx.snapshot().table(name.database(), name.table());
            if (t.isPresent() && !foundNames.contains(name)) {
                found.add(t.get());
                foundNames.add(name);
            } else if (t.isEmpty()) {
                missing.add(name.qualified());
            }
        }
        if (!found.isEmpty()) {
            ctx.withExclusive(foundNames, () -> {
                CatalogChange change = new CatalogChange();
                found.forEach(change::dropTable);
                return ctx.catalog().apply(change);
            });
        }
        if (!missing.isEmpty()) {
            String list = String.join(",", missing);
            if (!stmt.ifExists()) {
                throw new MySqlException(ErrorCode.BAD_TABLE_ERROR, list);
            }
            warnings.add("Note", ErrorCode.BAD_TABLE_ERROR.code(), ErrorCode.BAD_TABLE_ERROR.format(list));
        }
        return 0;
    }
}
