package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code SAVEPOINT name}. */
public final class SqlSavepoint extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("SAVEPOINT", SqlKind.OTHER);

    private final String name;

    public SqlSavepoint(SqlParserPos pos, String name) {
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
        writer.keyword("SAVEPOINT");
        writeName(writer, name);
    }
}
