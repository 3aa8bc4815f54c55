package io.basalt.sql.show;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.EnumMap;
import java.util.Map;

/**
 * Runs every SHOW statement against one catalog snapshot, with column names, types and order as MariaDB 10.11
 * sends them. The binary log SHOWs are run by {@code io.basalt.sql.binlog.BinlogShow} (they need the binlog, not the
 * catalog); here they answer 1235. Stateless and thread-safe.
 */
public final class ShowExecutor {
    private static final Map<SqlShow.Kind, ShowCommand> COMMANDS = new EnumMap<>(SqlShow.Kind.class);

    static {
        COMMANDS.put(SqlShow.Kind.DATABASES, new DatabasesShow());
        COMMANDS.put(SqlShow.Kind.TABLES, new TablesShow());
        COMMANDS.put(SqlShow.Kind.COLUMNS, new ColumnsShow());
        COMMANDS.put(SqlShow.Kind.INDEX, new IndexShow());
        COMMANDS.put(SqlShow.Kind.CREATE_TABLE, new CreateTableShow());
        COMMANDS.put(SqlShow.Kind.CREATE_DATABASE, new CreateDatabaseShow());
        COMMANDS.put(SqlShow.Kind.VARIABLES, new VariablesShow());
        COMMANDS.put(SqlShow.Kind.STATUS, new StatusShow());
        COMMANDS.put(SqlShow.Kind.PROCESSLIST, new ProcesslistShow());
        COMMANDS.put(SqlShow.Kind.WARNINGS, new WarningsShow(false));
        COMMANDS.put(SqlShow.Kind.ERRORS, new WarningsShow(true));
        COMMANDS.put(SqlShow.Kind.COUNT_WARNINGS, new CountWarningsShow("warning_count"));
        COMMANDS.put(SqlShow.Kind.COUNT_ERRORS, new CountWarningsShow("error_count"));
        COMMANDS.put(SqlShow.Kind.ENGINES, new EnginesShow());
        COMMANDS.put(SqlShow.Kind.COLLATION, new CollationShow());
        COMMANDS.put(SqlShow.Kind.CHARACTER_SET, new CharacterSetShow());
        COMMANDS.put(SqlShow.Kind.TABLE_STATUS, new TableStatusShow());
        COMMANDS.put(SqlShow.Kind.FUNCTION_STATUS, new RoutineStatusShow());
        COMMANDS.put(SqlShow.Kind.PROCEDURE_STATUS, new RoutineStatusShow());
        COMMANDS.put(SqlShow.Kind.TRIGGERS, new TriggersShow());
        COMMANDS.put(SqlShow.Kind.GRANTS, new GrantsShow());
        COMMANDS.put(SqlShow.Kind.PRIVILEGES, new PrivilegesShow());
        COMMANDS.put(SqlShow.Kind.PLUGINS, new PluginsShow());
        COMMANDS.put(SqlShow.Kind.OPEN_TABLES, new OpenTablesShow());
    }

    private ShowExecutor() {
    }

    /**
     * @throws MySqlException 1046 / 1049 / 1146 for a missing database or table, 1235 for the binary log SHOWs
     */
    public static ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        ShowCommand command = COMMANDS.get(show.kind());
        if (command == null) {
            throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, "SHOW " + show.kind().name().replace('_', ' '));
        }
        return command.execute(show, session, catalog, context);
    }
}
