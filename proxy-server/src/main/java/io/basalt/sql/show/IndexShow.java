package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.infoschema.InformationSchemaRows;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ResultSetData;

import java.util.List;

/**
 * SHOW INDEX|INDEXES|KEYS FROM t [FROM db] [WHERE]: MariaDB 10.11's fourteen columns (Ignored included), from
 * information_schema.STATISTICS.
 */
final class IndexShow implements ShowCommand {
    /** TABLE_NAME, NON_UNIQUE, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME ... IGNORED in STATISTICS. */
    private static final int[] PROJECTION = {2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        TableDef table = ShowSupport.table(show, session, catalog);
        List<ColumnDefinition> columns = ShowSupport.columns(ShowSupport.virtualTable("STATISTICS"),
                "TABLE_NAME", "Table", "NON_UNIQUE", "Non_unique", "INDEX_NAME", "Key_name",
                "SEQ_IN_INDEX", "Seq_in_index", "COLUMN_NAME", "Column_name", "COLLATION", "Collation",
                "CARDINALITY", "Cardinality", "SUB_PART", "Sub_part", "PACKED", "Packed", "NULLABLE", "Null",
                "INDEX_TYPE", "Index_type", "COMMENT", "Comment", "INDEX_COMMENT", "Index_comment",
                "IGNORED", "Ignored");
        List<Object[]> rows = InformationSchemaRows.statistics(table).stream()
                .map(r -> ShowSupport.pick(r, PROJECTION))
                .toList();
        return ShowSupport.filter(columns, rows, show, 0, false, session, context);
    }
}
