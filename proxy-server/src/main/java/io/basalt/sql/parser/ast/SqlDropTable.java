package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code DROP [TEMPORARY] TABLE|TABLES [IF EXISTS] t [, t2 ...] [RESTRICT|CASCADE]}. */
public final class SqlDropTable extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("DROP TABLE", SqlKind.DROP_TABLE);

    private final List<SqlIdentifier> tables;
    private final boolean ifExists;
    private final boolean temporary;

    public SqlDropTable(SqlParserPos pos, List<SqlIdentifier> tables, boolean ifExists, boolean temporary) {
        super(pos);
        this.tables = List.copyOf(tables);
        this.ifExists = ifExists;
        this.temporary = temporary;
    }

    public List<SqlIdentifier> tables() {
        return tables;
    }

    public boolean ifExists() {
        return ifExists;
    }

    public boolean temporary() {
        return temporary;
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
        writer.keyword(temporary ? "DROP TEMPORARY TABLE" : "DROP TABLE");
        if (ifExists) {
            writer.keyword("IF EXISTS");
        }
        SqlWriter.Frame frame = writer.startList("", "");
        for (SqlIdentifier table : tables) {
            writer.sep(",");
            writeName(writer, table);
        }
        writer.endList(frame);
    }
}
