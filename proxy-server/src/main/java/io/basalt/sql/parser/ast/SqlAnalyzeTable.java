package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code ANALYZE [NO_WRITE_TO_BINLOG | LOCAL] TABLE t [, t2 ...]}. */
public final class SqlAnalyzeTable extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("ANALYZE TABLE", SqlKind.OTHER);

    private final List<SqlIdentifier> tables;

    public SqlAnalyzeTable(SqlParserPos pos, List<SqlIdentifier> tables) {
        super(pos);
        this.tables = List.copyOf(tables);
    }

    public List<SqlIdentifier> tables() {
        return tables;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.copyOf(tables);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("ANALYZE TABLE");
        SqlWriter.Frame frame = writer.startList("", "");
        for (SqlIdentifier table : tables) {
            writer.sep(",");
            writeName(writer, table);
        }
        writer.endList(frame);
    }
}
