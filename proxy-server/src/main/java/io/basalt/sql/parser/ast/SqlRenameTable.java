package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code RENAME TABLE a TO b [, c TO d ...]}; renames apply in order, atomically. */
public final class SqlRenameTable extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("RENAME TABLE", SqlKind.OTHER_DDL);

    /** One {@code from TO to} pair. */
    public record Rename(SqlIdentifier from, SqlIdentifier to) {
    }

    private final List<Rename> renames;

    public SqlRenameTable(SqlParserPos pos, List<Rename> renames) {
        super(pos);
        this.renames = List.copyOf(renames);
    }

    public List<Rename> renames() {
        return renames;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("RENAME TABLE");
        SqlWriter.Frame frame = writer.startList("", "");
        for (Rename rename : renames) {
            writer.sep(",");
            writeName(writer, rename.from());
            writer.keyword("TO");
            writeName(writer, rename.to());
        }
        writer.endList(frame);
    }
}
