package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP INDEX name ON t}; {@code DROP INDEX `PRIMARY` ON t} drops the primary key. */
public final class SqlDropIndex extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("DROP INDEX", SqlKind.DROP_INDEX);

    private final String name;
    private final SqlIdentifier table;

    public SqlDropIndex(SqlParserPos pos, String name, SqlIdentifier table) {
        super(pos);
        this.name = name;
        this.table = table;
    }

    public String name() {
        return name;
    }

    public SqlIdentifier table() {
        return table;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(table);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("DROP INDEX");
        writeName(writer, name);
        writer.keyword("ON");
        writeName(writer, table);
    }
}
