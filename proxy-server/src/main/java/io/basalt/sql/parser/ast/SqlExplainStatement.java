package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code EXPLAIN|DESCRIBE|DESC [FORMAT = x] [ANALYZE] statement} for SELECT / INSERT / REPLACE / UPDATE / DELETE.
 * ({@code EXPLAIN t} with a table name is {@link SqlShow.Kind#COLUMNS}.)
 */
public final class SqlExplainStatement extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("EXPLAIN", SqlKind.EXPLAIN);

    private final SqlNode statement;
    private final String format;

    public SqlExplainStatement(SqlParserPos pos, SqlNode statement, String format) {
        super(pos);
        this.statement = statement;
        this.format = format;
    }

    public SqlNode statement() {
        return statement;
    }

    /** FORMAT = TRADITIONAL|JSON|TREE, upper case; null when not written. */
    public String format() {
        return format;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(statement);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("EXPLAIN");
        if (format != null) {
            writer.keyword("FORMAT = " + format);
        }
        statement.unparse(writer, 0, 0);
    }
}
