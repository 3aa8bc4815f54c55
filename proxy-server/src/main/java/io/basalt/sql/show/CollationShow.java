package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.sysvar.CharacterSets;

import java.util.List;

/** SHOW COLLATION [LIKE | WHERE]: Collation, Charset, Id, Default, Compiled, Sortlen. */
final class CollationShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        List<ColumnDefinition> columns = ShowSupport.columns(ShowSupport.virtualTable("COLLATIONS"),
                "COLLATION_NAME", "Collation", "CHARACTER_SET_NAME", "Charset", "ID", "Id", "IS_DEFAULT", "Default",
                "IS_COMPILED", "Compiled", "SORTLEN", "Sortlen");
        List<Object[]> rows = CharacterSets.collations().stream()
                .map(c -> new Object[] {c.name(), c.charset(), (long) c.id(), c.isDefault() ? "Yes" : "", "Yes",
                    (long) c.sortLength()})
                .toList();
        return ShowSupport.filter(columns, rows, show, 0, false, session, context);
    }
}
