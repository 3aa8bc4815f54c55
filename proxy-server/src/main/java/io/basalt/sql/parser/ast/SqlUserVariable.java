package io.basalt.sql.parser.ast;

import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;

/** A user variable reference: {@code @name}, {@code @`name`}, {@code @'name'}. Names are case-insensitive. Immutable. */
public final class SqlUserVariable extends SqlCall {
    public static final SqlSpecialOperator OPERATOR = new SqlSpecialOperator("USER_VARIABLE", SqlKind.OTHER);

    private final String name;

    public SqlUserVariable(String name, SqlParserPos pos) {
        super(pos);
        this.name = name.toLowerCase(Locale.ROOT);
    }

    /** The name in lower case, without {@code @}. */
    public String name() {
        return name;
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
    public SqlNode clone(SqlParserPos pos) {
        return new SqlUserVariable(name, pos);
    }

    @Override
    public boolean equalsDeep(SqlNode node, Litmus litmus) {
        if (node instanceof SqlUserVariable other && other.name.equals(name)) {
            return litmus.succeed();
        }
        return litmus.fail("{} != {}", this, node);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.literal("@`" + name.replace("`", "``") + "`");
    }
}
