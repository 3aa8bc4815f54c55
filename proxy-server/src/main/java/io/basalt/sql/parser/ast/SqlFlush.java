package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code FLUSH [NO_WRITE_TO_BINLOG | LOCAL] option [, option ...]}. */
public final class SqlFlush extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("FLUSH", SqlKind.OTHER);

    private final List<String> options;

    public SqlFlush(SqlParserPos pos, List<String> options) {
        super(pos);
        this.options = List.copyOf(options);
    }

    /** Upper-case option words with single spaces, e.g. {@code ["BINARY LOGS", "TABLES"]}. */
    public List<String> options() {
        return options;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("FLUSH");
        SqlWriter.Frame frame = writer.startList("", "");
        for (String option : options) {
            writer.sep(",");
            writer.keyword(option);
        }
        writer.endList(frame);
    }
}
