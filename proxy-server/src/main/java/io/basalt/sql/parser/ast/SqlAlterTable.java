package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code ALTER TABLE t action [, action ...]}. */
public final class SqlAlterTable extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("ALTER TABLE", SqlKind.ALTER_TABLE);

    private final SqlIdentifier table;
    private final List<AlterAction> actions;

    public SqlAlterTable(SqlParserPos pos, SqlIdentifier table, List<AlterAction> actions) {
        super(pos);
        this.table = table;
        this.actions = List.copyOf(actions);
    }

    public SqlIdentifier table() {
        return table;
    }

    public List<AlterAction> actions() {
        return actions;
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
        writer.keyword("ALTER TABLE");
        writeName(writer, table);
        SqlWriter.Frame frame = writer.startList("", "");
        for (AlterAction action : actions) {
            writer.sep(",");
            action.unparse(writer);
        }
        writer.endList(frame);
    }
}
