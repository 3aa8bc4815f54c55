package io.basalt.sql.show;

import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.type.SqlType;

import java.util.List;

/**
 * SHOW GRANTS: the current user's grants. Basalt has no privilege system: every account may do everything, which
 * is what the one row says.
 */
final class GrantsShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        String user = session.user();
        String host = session.host();
        String grant = "GRANT ALL PRIVILEGES ON *.* TO " + quote(user) + "@" + quote(host) + " WITH GRANT OPTION";
        return new ResultSetData(
                List.of(ColumnDefinitions.forExpression("Grants for " + user + "@" + host, SqlType.varchar(1024),
                        false)),
                List.<Object[]>of(new Object[] {grant}));
    }

    private static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
