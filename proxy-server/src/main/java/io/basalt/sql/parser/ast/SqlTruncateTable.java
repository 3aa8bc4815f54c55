package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code TRUNCATE [TABLE] t}. */
public final class SqlTruncateTable extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("TRUNCATE TABLE", SqlKind.TRUNCATE_TABLE);

    private final SqlIdentifier table;

    public SqlTruncateTable(SqlParserPos pos, SqlIdentifier table) {
        super(pos);
        this.table = table;
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
        writer.keyword("TRUNCATE TABLE");
        writeName(writer, table);
    }
}
