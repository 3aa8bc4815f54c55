package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP DATABASE|SCHEMA [IF EXISTS] db}. */
public final class SqlDropDatabase extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("DROP DATABASE", SqlKind.DROP_SCHEMA);

    private final String name;
    private final boolean ifExists;

    public SqlDropDatabase(SqlParserPos pos, String name, boolean ifExists) {
        super(pos);
        this.name = name;
        this.ifExists = ifExists;
    }

    public String name() {
        return name;
    }

    public boolean ifExists() {
        return ifExists;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("DROP DATABASE");
        if (ifExists) {
            writer.keyword("IF EXISTS");
        }
        writeName(writer, name);
    }
}
