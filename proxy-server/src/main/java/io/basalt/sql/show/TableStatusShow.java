package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.infoschema.InformationSchema;
import io.basalt.sql.infoschema.InformationSchemaRows;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.ArrayList;
import java.util.List;

/**
 * SHOW TABLE STATUS [FROM db] [LIKE | WHERE]: MariaDB's twenty columns from information_schema.TABLES. Rows is the
 * engine's estimate; sizes are not tracked (0) and times not recorded (NULL).
 */
final class TableStatusShow implements ShowCommand {
    /** TABLE_NAME, ENGINE ... TEMPORARY in information_schema.TABLES. */
    private static final int[] PROJECTION = {2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22};

    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        String db = ShowSupport.database(show.database(), session, catalog);
        List<ColumnDefinition> columns = ShowSupport.columns(ShowSupport.virtualTable("TABLES"),
                "TABLE_NAME", "Name", "ENGINE", "Engine", "VERSION", "Version", "ROW_FORMAT", "Row_format",
                "TABLE_ROWS", "Rows", "AVG_ROW_LENGTH", "Avg_row_length", "DATA_LENGTH", "Data_length",
                "MAX_DATA_LENGTH", "Max_data_length", "INDEX_LENGTH", "Index_length", "DATA_FREE", "Data_free",
                "AUTO_INCREMENT", "Auto_increment", "CREATE_TIME", "Create_time", "UPDATE_TIME", "Update_time",
                "CHECK_TIME", "Check_time", "TABLE_COLLATION", "Collation", "CHECKSUM", "Checksum",
                "CREATE_OPTIONS", "Create_options", "TABLE_COMMENT", "Comment",
                "MAX_INDEX_LENGTH", "Max_index_length", "TEMPORARY", "Temporary");
        List<Object[]> rows = new ArrayList<>();
        for (TableDef table : InformationSchema.tables(catalog, db)) {
            rows.add(ShowSupport.pick(InformationSchemaRows.table(table, context.statistics()), PROJECTION));
        }
        return ShowSupport.filter(columns, rows, show, 0, true, session, context);
    }
}
