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

/** Single-table {@code DELETE [LOW_PRIORITY] [QUICK] [IGNORE] FROM t [[AS] a] [WHERE] [ORDER BY] [LIMIT n]}. */
public final class SqlMySqlDelete extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("DELETE", SqlKind.DELETE);

    private final SqlIdentifier table;
    private final String alias;
    private final SqlNode where;
    private final SqlNodeList orderBy;
    private final SqlNode limit;

    public SqlMySqlDelete(SqlParserPos pos, SqlIdentifier table, String alias, SqlNode where, SqlNodeList orderBy,
                          SqlNode limit) {
        super(pos);
        this.table = table;
        this.alias = alias;
        this.where = where;
        this.orderBy = orderBy;
        this.limit = limit;
    }

    public SqlIdentifier table() {
        return table;
    }

    /** Nullable. */
    public String alias() {
        return alias;
    }

    /** Nullable. */
    public SqlNode where() {
        return where;
    }

    /** Empty when absent. */
    public SqlNodeList orderBy() {
        return orderBy;
    }

    /** Nullable. */
    public SqlNode limit() {
        return limit;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(table, where, orderBy, limit);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("DELETE FROM");
        writeName(writer, table);
        if (alias != null) {
            writer.keyword("AS");
            writeName(writer, alias);
        }
        unparseTail(writer, where, orderBy, limit);
    }

    static void unparseTail(SqlWriter writer, SqlNode where, SqlNodeList orderBy, SqlNode limit) {
        if (where != null) {
            writer.keyword("WHERE");
            where.unparse(writer, 0, 0);
        }
        if (!orderBy.isEmpty()) {
            writer.keyword("ORDER BY");
            SqlWriter.Frame frame = writer.startList("", "");
            for (SqlNode item : orderBy) {
                writer.sep(",");
                item.unparse(writer, 0, 0);
            }
            writer.endList(frame);
        }
        if (limit != null) {
            writer.keyword("LIMIT");
            limit.unparse(writer, 0, 0);
        }
    }
}
