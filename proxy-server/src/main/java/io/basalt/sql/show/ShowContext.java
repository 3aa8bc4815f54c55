package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.infoschema.TableStatistics;
import io.basalt.sql.sysvar.StatusVariables;
import org.apache.calcite.sql.SqlNode;

import java.util.List;

/** What SHOW needs from the rest of the server. Implemented by the engine; called on the statement's thread. */
public interface ShowContext {
    /** The live sessions, ordered by connection id (SHOW PROCESSLIST). */
    List<Session> sessions();

    StatusVariables status();

    /** Row estimates and AUTO_INCREMENT values (SHOW TABLE STATUS). */
    TableStatistics statistics();

    /**
     * Compiles {@code SHOW ... WHERE where}: the condition refers to the result's columns by their names
     * ({@code Variable_name}, {@code Tables_in_db}, ...), whose values are the row elements in the value model.
     *
     * @throws io.basalt.protocol.error.MySqlException for an unknown column (1054) or an invalid expression
     */
    RowFilter compileWhere(SqlNode where, List<ColumnDefinition> columns, Session session);
}
