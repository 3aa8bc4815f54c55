package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.sysvar.CharacterSets;

import java.util.List;

/** SHOW CHARACTER SET | CHARSET [LIKE | WHERE]: Charset, Description, Default collation, Maxlen. */
final class CharacterSetShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        List<ColumnDefinition> columns = ShowSupport.columns(ShowSupport.virtualTable("CHARACTER_SETS"),
                "CHARACTER_SET_NAME", "Charset", "DESCRIPTION", "Description",
                "DEFAULT_COLLATE_NAME", "Default collation", "MAXLEN", "Maxlen");
        List<Object[]> rows = CharacterSets.all().stream()
                .map(c -> new Object[] {c.name(), c.description(), c.defaultCollation(), (long) c.maxLength()})
                .toList();
        return ShowSupport.filter(columns, rows, show, 0, false, session, context);
    }
}
