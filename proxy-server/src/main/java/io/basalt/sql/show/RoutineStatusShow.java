package io.basalt.sql.show;

import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.List;

/** SHOW FUNCTION | PROCEDURE STATUS: MariaDB's eleven columns; always empty (Basalt has no stored routines). */
final class RoutineStatusShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        return ShowSupport.filter(ShowSupport.columns(ShowSupport.virtualTable("ROUTINES"),
                "ROUTINE_SCHEMA", "Db", "ROUTINE_NAME", "Name", "ROUTINE_TYPE", "Type", "DEFINER", "Definer",
                "LAST_ALTERED", "Modified", "CREATED", "Created", "SECURITY_TYPE", "Security_type",
                "ROUTINE_COMMENT", "Comment", "CHARACTER_SET_CLIENT", "character_set_client",
                "COLLATION_CONNECTION", "collation_connection", "DATABASE_COLLATION", "Database Collation"),
                List.of(), show, 1, false, session, context);
    }
}
