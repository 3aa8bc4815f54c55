package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code INSERT|REPLACE [IGNORE] [INTO] t [(cols)] VALUES|VALUE (...), ... | SET a = x, ... | SELECT ...
 * [ON DUPLICATE KEY UPDATE a = expr, ...]}. The SET form arrives as columns plus a one-row VALUES source.
 */
public final class SqlMySqlInsert extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("INSERT", SqlKind.INSERT);

    private final SqlIdentifier table;
    private final SqlNodeList columns;
    private final SqlNode source;
    private final boolean ignore;
    private final boolean replace;
    private final SqlNodeList onDuplicateKeyUpdate;

    public SqlMySqlInsert(SqlParserPos pos, SqlIdentifier table, SqlNodeList columns, SqlNode source, boolean ignore,
                          boolean replace, SqlNodeList onDuplicateKeyUpdate) {
        super(pos);
        this.table = table;
        this.columns = columns;
        this.source = source;
        this.ignore = ignore;
        this.replace = replace;
        this.onDuplicateKeyUpdate = onDuplicateKeyUpdate;
    }

    public SqlIdentifier table() {
        return table;
    }

    /** Target columns as SqlIdentifiers; empty means all columns in table order. */
    public SqlNodeList columns() {
        return columns;
    }

    /**
     * {@code SqlBasicCall(SqlStdOperatorTable.VALUES, ROW calls...)} or a query. DEFAULT in a row is a
     * {@code SqlStdOperatorTable.DEFAULT} call.
     */
    public SqlNode source() {
        return source;
    }

    public boolean ignore() {
        return ignore;
    }

    /** REPLACE INTO. */
    public boolean replace() {
        return replace;
    }

    /** {@code SqlBasicCall(EQUALS, SqlIdentifier col, expr)} per assignment; empty when absent. */
    public SqlNodeList onDuplicateKeyUpdate() {
        return onDuplicateKeyUpdate;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(table, columns, source, onDuplicateKeyUpdate);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(replace ? "REPLACE" : "INSERT");
        if (ignore) {
            writer.keyword("IGNORE");
        }
        writer.keyword("INTO");
        writeName(writer, table);
        if (!columns.isEmpty()) {
            SqlWriter.Frame columnFrame = writer.startList("(", ")");
            for (SqlNode column : columns) {
                writer.sep(",");
                column.unparse(writer, 0, 0);
            }
            writer.endList(columnFrame);
        }
        if (source.getKind() == SqlKind.VALUES) {
            writer.keyword("VALUES");
            SqlWriter.Frame rows = writer.startList("", "");
            for (SqlNode row : ((SqlCall) source).getOperandList()) {
                writer.sep(",");
                SqlWriter.Frame rowFrame = writer.startList("(", ")");
                for (SqlNode value : ((SqlCall) row).getOperandList()) {
                    writer.sep(",");
                    value.unparse(writer, 0, 0);
                }
                writer.endList(rowFrame);
            }
            writer.endList(rows);
        } else {
            source.unparse(writer, 0, 0);
        }
        if (!onDuplicateKeyUpdate.isEmpty()) {
            writer.keyword("ON DUPLICATE KEY UPDATE");
            SqlWriter.Frame frame = writer.startList("", "");
            for (SqlNode assignment : onDuplicateKeyUpdate) {
                writer.sep(",");
                assignment.unparse(writer, 0, 0);
            }
            writer.endList(frame);
        }
    }
}
