package io.basalt.sql.show;

import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.List;

/** SHOW TRIGGERS [FROM db] [LIKE | WHERE]: MariaDB's eleven columns; always empty (Basalt has no triggers). */
final class TriggersShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        ShowSupport.database(show.database(), session, catalog);
        return ShowSupport.filter(ShowSupport.columns(ShowSupport.virtualTable("TRIGGERS"),
                "TRIGGER_NAME", "Trigger", "EVENT_MANIPULATION", "Event", "EVENT_OBJECT_TABLE", "Table",
                "ACTION_STATEMENT", "Statement", "ACTION_TIMING", "Timing", "CREATED", "Created",
                "SQL_MODE", "sql_mode", "DEFINER", "Definer", "CHARACTER_SET_CLIENT", "character_set_client",
                "COLLATION_CONNECTION", "collation_connection", "DATABASE_COLLATION", "Database Collation"),
                List.of(), show, 2, true, session, context);
    }
}
