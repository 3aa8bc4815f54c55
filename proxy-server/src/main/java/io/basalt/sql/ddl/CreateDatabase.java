package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.CatalogChange;
import io.basalt.sql.catalog.CharsetCollation;
import io.basalt.sql.catalog.DatabaseDef;
import io.basalt.sql.parser.ast.SqlCreateDatabase;

/** CREATE DATABASE [IF NOT EXISTS] name [CHARACTER SET x] [COLLATE y]: 1 row affected, as MySQL reports. */
final class CreateDatabase {
    private CreateDatabase() {
    }

    static long execute(DdlContext ctx, SqlCreateDatabase stmt, Warnings warnings) {
        String name = stmt.name();
        DdlContext.checkDatabaseName(name);
        String collation = CharsetCollation.resolve(stmt.charset(), stmt.collation(),
                CharsetCollation.DEFAULT_COLLATION);
        if (ctx.snapshot().database(name).isPresent()) {
            if (stmt.ifNotExists()) {
                warnings.add("Note", ErrorCode.DB_CREATE_EXISTS.code(), ErrorCode.DB_CREATE_EXISTS.format(name));
                return 0;
            }
            throw new MySqlException(ErrorCode.DB_CREATE_EXISTS, name);
        }
        ctx.catalog().apply(new CatalogChange().putDatabase(
                new DatabaseDef(name, CharsetCollation.charsetOf(collation), collation)));
        return 1;
    }
}
