package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code COMMIT [WORK]}. */
public final class SqlCommit extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("COMMIT", SqlKind.COMMIT);

    public SqlCommit(SqlParserPos pos) {
        super(pos);
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("COMMIT");
    }
}
