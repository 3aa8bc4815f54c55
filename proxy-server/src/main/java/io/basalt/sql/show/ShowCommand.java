package io.basalt.sql.show;

import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

/** One kind of SHOW statement. Implementations are stateless. */
interface ShowCommand {
    ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context);
}
