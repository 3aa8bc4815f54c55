package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code RESET MASTER [TO n]}: deletes every binlog file and starts again at file number n (default 1). */
public final class SqlResetMaster extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("RESET MASTER", SqlKind.OTHER);

    private final Long firstNumber;

    public SqlResetMaster(SqlParserPos pos, Long firstNumber) {
        super(pos);
        this.firstNumber = firstNumber;
    }

    /** The TO file number; null when absent. */
    public Long firstNumber() {
        return firstNumber;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of();
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("RESET MASTER");
        if (firstNumber != null) {
            writer.keyword("TO");
            writer.print(firstNumber.toString());
        }
    }
}
