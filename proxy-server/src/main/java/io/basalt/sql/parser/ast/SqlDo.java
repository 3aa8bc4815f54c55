package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DO expr [, expr ...]}: evaluate and discard. */
public final class SqlDo extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("DO", SqlKind.OTHER);

    private final SqlNodeList expressions;

    public SqlDo(SqlParserPos pos, SqlNodeList expressions) {
        super(pos);
        this.expressions = expressions;
    }

    public SqlNodeList expressions() {
        return expressions;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(expressions);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("DO");
        SqlWriter.Frame frame = writer.startList("", "");
        for (SqlNode expression : expressions) {
            writer.sep(",");
            expression.unparse(writer, 0, 0);
        }
        writer.endList(frame);
    }
}
