package io.basalt.sql.infoschema;

import io.basalt.session.Session;
import io.basalt.sql.catalog.TableDef;

import java.util.List;

/**
 * The rows of single objects, for SHOW statements that present a projection of information_schema (SHOW COLUMNS,
 * SHOW INDEX, SHOW TABLE STATUS, SHOW VARIABLES, SHOW PROCESSLIST) without scanning every table. Each row is in
 * the column order of the information_schema table named in the method's comment.
 */
public final class InformationSchemaRows {

    private InformationSchemaRows() {
    }

    /** The COLUMNS row of the {@code index}-th column of a table. */
    public static Object[] column(TableDef table, int index) {
        return ColumnsTable.row(table, index);
    }

    /** The STATISTICS rows of a table. */
    public static List<Object[]> statistics(TableDef table) {
        return StatisticsTable.rows(table);
    }

    /** The TABLES row of a table. */
    public static Object[] table(TableDef table, TableStatistics statistics) {
        return TablesTable.row(table, statistics);
    }

    /** (name in lower case, value text) of every variable of the scope, sorted by name. */
    public static List<Object[]> variables(Session session, boolean global) {
        return VariablesTable.variables(session, global);
    }

    /** PROCESSLIST.INFO of a session: its statement, NULL while it sleeps. */
    public static String processInfo(Session session) {
        return ProcesslistTable.info(session);
    }

    /** PROCESSLIST.STATE of a session. */
    public static String processState(Session session) {
        return ProcesslistTable.state(session);
    }

    /** The PLUGINS rows. */
    public static List<Object[]> plugins() {
        return PluginsTable.PLUGIN_ROWS;
    }

    /** The ENGINES rows. */
    public static List<Object[]> engines() {
        return EnginesTable.ENGINE_ROWS;
    }
}
