package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.sysvar.StatusVariables;

import java.util.List;

/**
 * SHOW [GLOBAL | SESSION] STATUS [LIKE | WHERE]: {@code Variable_name}, {@code Value}. Basalt's counters are
 * server-wide, so both scopes show the same values.
 */
final class StatusShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        List<ColumnDefinition> columns = ShowSupport.columns(ShowSupport.virtualTable("SESSION_STATUS"),
                "VARIABLE_NAME", "Variable_name", "VARIABLE_VALUE", "Value");
        List<Object[]> rows = context.status().all().stream()
                .map((StatusVariables.Entry e) -> new Object[] {e.name(), e.value()})
                .toList();
        return ShowSupport.filter(columns, rows, show, 0, false, session, context);
    }
}
