package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/** {@code PURGE BINARY|MASTER LOGS TO 'file'} or {@code ... BEFORE datetime_expr}; exactly one is set. */
public final class SqlPurgeBinaryLogs extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("PURGE BINARY LOGS", SqlKind.OTHER);

    private final String toLog;
    private final SqlNode before;

    public SqlPurgeBinaryLogs(SqlParserPos pos, String toLog, SqlNode before) {
        super(pos);
        this.toLog = toLog;
        this.before = before;
    }

    /** The TO file name; nullable. */
    public String toLog() {
        return toLog;
    }

    /** The BEFORE expression; nullable. */
    public SqlNode before() {
        return before;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(before);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("PURGE BINARY LOGS");
        if (toLog != null) {
            writer.keyword("TO");
            writeString(writer, toLog);
        } else {
            writer.keyword("BEFORE");
            before.unparse(writer, 0, 0);
        }
    }
}
