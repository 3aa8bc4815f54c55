package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/** Single-table {@code UPDATE [LOW_PRIORITY] [IGNORE] t [[AS] a] SET c = e, ... [WHERE] [ORDER BY] [LIMIT n]}. */
public final class SqlMySqlUpdate extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("UPDATE", SqlKind.UPDATE);

    private final SqlIdentifier table;
    private final String alias;
    private final SqlNodeList targetColumns;
    private final SqlNodeList sourceExpressions;
    private final SqlNode where;
    private final SqlNodeList orderBy;
    private final SqlNode limit;
    private final boolean ignore;

    public SqlMySqlUpdate(SqlParserPos pos, SqlIdentifier table, String alias, SqlNodeList targetColumns,
                          SqlNodeList sourceExpressions, SqlNode where, SqlNodeList orderBy, SqlNode limit,
                          boolean ignore) {
        super(pos);
        this.table = table;
        this.alias = alias;
        this.targetColumns = targetColumns;
        this.sourceExpressions = sourceExpressions;
        this.where = where;
        this.orderBy = orderBy;
        this.limit = limit;
        this.ignore = ignore;
    }

    public SqlIdentifier table() {
        return table;
    }

    /** Nullable. */
    public String alias() {
        return alias;
    }

    /** SqlIdentifiers (possibly qualified by the table or alias), parallel to {@link #sourceExpressions()}. */
    public SqlNodeList targetColumns() {
        return targetColumns;
    }

    public SqlNodeList sourceExpressions() {
        return sourceExpressions;
    }

    /** Nullable. */
    public SqlNode where() {
        return where;
    }

    /** Empty when absent; DESC items are {@code SqlStdOperatorTable.DESC} calls as in queries. */
    public SqlNodeList orderBy() {
        return orderBy;
    }

    /** Nullable. */
    public SqlNode limit() {
        return limit;
    }

    /** UPDATE IGNORE. */
    public boolean ignore() {
        return ignore;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(table, targetColumns, sourceExpressions, where, orderBy, limit);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(ignore ? "UPDATE IGNORE" : "UPDATE");
        writeName(writer, table);
        if (alias != null) {
            writer.keyword("AS");
            writeName(writer, alias);
        }
        writer.keyword("SET");
        SqlWriter.Frame frame = writer.startList("", "");
        for (int i = 0; i < targetColumns.size(); i++) {
            writer.sep(",");
            targetColumns.get(i).unparse(writer, 0, 0);
            writer.sep("=");
            sourceExpressions.get(i).unparse(writer, 0, 0);
        }
        writer.endList(frame);
        SqlMySqlDelete.unparseTail(writer, where, orderBy, limit);
    }
}
