package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SET assignment [, assignment ...]}, e.g. {@code set autocommit=1, sql_mode=..., NAMES utf8mb4}. */
public final class SqlSetStatement extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("SET", SqlKind.SET_OPTION);

    private final List<SqlSetAssignment> assignments;

    public SqlSetStatement(SqlParserPos pos, List<SqlSetAssignment> assignments) {
        super(pos);
        this.assignments = List.copyOf(assignments);
    }

    /** In written order; never empty. */
    public List<SqlSetAssignment> assignments() {
        return assignments;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("SET");
        SqlWriter.Frame frame = writer.startList("", "");
        for (SqlSetAssignment assignment : assignments) {
            writer.sep(",");
            assignment.unparse(writer);
        }
        writer.endList(frame);
    }
}
