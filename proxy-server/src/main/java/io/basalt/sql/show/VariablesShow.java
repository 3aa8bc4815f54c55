package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.infoschema.InformationSchemaRows;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.List;

/**
 * SHOW [GLOBAL | SESSION] VARIABLES [LIKE | WHERE]: {@code Variable_name}, {@code Value}, sorted by name; values
 * as MariaDB shows them (ON/OFF, empty for NULL). The columns are information_schema.SESSION_VARIABLES' for both
 * scopes, as in MariaDB. LIKE is case-insensitive.
 */
final class VariablesShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        List<ColumnDefinition> columns = ShowSupport.columns(ShowSupport.virtualTable("SESSION_VARIABLES"),
                "VARIABLE_NAME", "Variable_name", "VARIABLE_VALUE", "Value");
        List<Object[]> rows = InformationSchemaRows.variables(session, show.global());
        return ShowSupport.filter(columns, rows, show, 0, false, session, context);
    }
}
