package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code USE db}. */
public final class SqlUse extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("USE", SqlKind.OTHER);

    private final String database;

    public SqlUse(SqlParserPos pos, String database) {
        super(pos);
        this.database = database;
    }

    public String database() {
        return database;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("USE");
        writeName(writer, database);
    }
}
