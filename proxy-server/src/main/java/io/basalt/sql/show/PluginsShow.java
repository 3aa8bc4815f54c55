package io.basalt.sql.show;

import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.infoschema.InformationSchemaRows;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.List;

/** SHOW PLUGINS: Name, Status, Type, Library, License (from information_schema.PLUGINS). */
final class PluginsShow implements ShowCommand {
    /** PLUGIN_NAME, PLUGIN_STATUS, PLUGIN_TYPE, PLUGIN_LIBRARY, PLUGIN_LICENSE in PLUGINS. */
    private static final int[] PROJECTION = {0, 2, 3, 5, 9};

    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        List<Object[]> rows = InformationSchemaRows.plugins().stream()
                .map(r -> ShowSupport.pick(r, PROJECTION))
                .toList();
        return ShowSupport.filter(ShowSupport.columns(ShowSupport.virtualTable("PLUGINS"),
                "PLUGIN_NAME", "Name", "PLUGIN_STATUS", "Status", "PLUGIN_TYPE", "Type",
                "PLUGIN_LIBRARY", "Library", "PLUGIN_LICENSE", "License"), rows, show, 0, false, session, context);
    }
}
