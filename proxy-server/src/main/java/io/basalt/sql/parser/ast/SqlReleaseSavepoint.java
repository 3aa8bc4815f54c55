package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code RELEASE SAVEPOINT name}. */
public final class SqlReleaseSavepoint extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("RELEASE SAVEPOINT", SqlKind.OTHER);

    private final String name;

    public SqlReleaseSavepoint(SqlParserPos pos, String name) {
        super(pos);
        this.name = name;
    }

    public String name() {
        return name;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("RELEASE SAVEPOINT");
        writeName(writer, name);
    }
}
