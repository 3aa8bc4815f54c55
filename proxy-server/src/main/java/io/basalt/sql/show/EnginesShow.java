package io.basalt.sql.show;

import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.infoschema.InformationSchemaRows;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

/** SHOW [STORAGE] ENGINES: Engine, Support, Comment, Transactions, XA, Savepoints. */
final class EnginesShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        return new ResultSetData(ShowSupport.columns(ShowSupport.virtualTable("ENGINES"),
                "ENGINE", "Engine", "SUPPORT", "Support", "COMMENT", "Comment", "TRANSACTIONS", "Transactions",
                "XA", "XA", "SAVEPOINTS", "Savepoints"), InformationSchemaRows.engines());
    }
}
