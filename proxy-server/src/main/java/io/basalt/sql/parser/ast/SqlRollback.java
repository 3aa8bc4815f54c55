package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code ROLLBACK [WORK]} and {@code ROLLBACK [WORK] TO [SAVEPOINT] name}. */
public final class SqlRollback extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("ROLLBACK", SqlKind.ROLLBACK);

    private final String savepoint;

    public SqlRollback(SqlParserPos pos, String savepoint) {
        super(pos);
        this.savepoint = savepoint;
    }

    /** The savepoint of ROLLBACK TO; null for a full rollback. */
    public String savepoint() {
        return savepoint;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("ROLLBACK");
        if (savepoint != null) {
            writer.keyword("TO SAVEPOINT");
            writeName(writer, savepoint);
        }
    }
}
