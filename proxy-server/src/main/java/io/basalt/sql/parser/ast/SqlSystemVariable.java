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

/**
 * A system variable reference in an expression: {@code @@name}, {@code @@session.name}, {@code @@global.name},
 * {@code @@local.name}. {@link #text()} keeps the written form because MySQL labels the result column with it.
 * Immutable.
 */
public final class SqlSystemVariable extends SqlCall implements VariableScoped {
    public static final SqlSpecialOperator OPERATOR = new SqlSpecialOperator("SYSTEM_VARIABLE", SqlKind.OTHER);

    private final Scope scope;
    private final String name;
    private final String text;

    public SqlSystemVariable(Scope scope, String name, String text, SqlParserPos pos) {
        super(pos);
        this.scope = scope;
        this.name = name.toLowerCase(Locale.ROOT);
        this.text = text;
    }

    @Override
    public Scope scope() {
        return scope;
    }

    /** The variable name in lower case, without {@code @@} and scope. */
    public String name() {
        return name;
    }

    /** Exactly as written, e.g. {@code @@session.auto_increment_increment}. */
    public String text() {
        return text;
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
        return new SqlSystemVariable(scope, name, text, pos);
    }

    @Override
    public boolean equalsDeep(SqlNode node, Litmus litmus) {
        if (node instanceof SqlSystemVariable other && other.scope == scope && other.name.equals(name)) {
            return litmus.succeed();
        }
        return litmus.fail("{} != {}", this, node);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        String prefix = switch (scope) {
            case DEFAULT -> "@@";
            case SESSION -> "@@session.";
            case GLOBAL -> "@@global.";
        };
        writer.literal(prefix + name);
    }
}
