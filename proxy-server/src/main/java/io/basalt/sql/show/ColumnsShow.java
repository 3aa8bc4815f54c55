package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.infoschema.ColumnDescriptions;
import io.basalt.sql.infoschema.InformationSchemaRows;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.ArrayList;
import java.util.List;

/**
 * SHOW [FULL] COLUMNS|FIELDS FROM t [FROM db] [LIKE | WHERE] and DESCRIBE t: Field, Type, [Collation,] Null, Key,
 * Default, Extra[, Privileges, Comment], from information_schema.COLUMNS; Default is the value unquoted (NULL when
 * there is none). LIKE matches column names case-insensitively.
 */
final class ColumnsShow implements ShowCommand {
    /** Positions in information_schema.COLUMNS. */
    private static final int COLUMN_NAME = 3;
    private static final int IS_NULLABLE = 6;
    private static final int COLLATION_NAME = 14;
    private static final int COLUMN_TYPE = 15;
    private static final int COLUMN_KEY = 16;
    private static final int EXTRA = 17;
    private static final int PRIVILEGES = 18;
    private static final int COLUMN_COMMENT = 19;

    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        TableDef table = ShowSupport.table(show, session, catalog);
        TableDef columnsTable = ShowSupport.virtualTable("COLUMNS");
        List<ColumnDefinition> columns = show.full()
                ? ShowSupport.columns(columnsTable, "COLUMN_NAME", "Field", "COLUMN_TYPE", "Type",
                        "COLLATION_NAME", "Collation", "IS_NULLABLE", "Null", "COLUMN_KEY", "Key",
                        "COLUMN_DEFAULT", "Default", "EXTRA", "Extra", "PRIVILEGES", "Privileges",
                        "COLUMN_COMMENT", "Comment")
                : ShowSupport.columns(columnsTable, "COLUMN_NAME", "Field", "COLUMN_TYPE", "Type",
                        "IS_NULLABLE", "Null", "COLUMN_KEY", "Key", "COLUMN_DEFAULT", "Default", "EXTRA", "Extra");
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
            Object[] info = InformationSchemaRows.column(table, i);
            String dflt = ColumnDescriptions.showDefault(table.columns().get(i));
            rows.add(show.full()
                    ? new Object[] {info[COLUMN_NAME], info[COLUMN_TYPE], info[COLLATION_NAME], info[IS_NULLABLE],
                        info[COLUMN_KEY], dflt, info[EXTRA], info[PRIVILEGES], info[COLUMN_COMMENT]}
                    : new Object[] {info[COLUMN_NAME], info[COLUMN_TYPE], info[IS_NULLABLE], info[COLUMN_KEY], dflt,
                        info[EXTRA]});
        }
        return ShowSupport.filter(columns, rows, show, 0, false, session, context);
    }
}
