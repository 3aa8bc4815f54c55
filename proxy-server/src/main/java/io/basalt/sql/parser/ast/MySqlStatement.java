package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Base of the MySQL statement nodes the parser produces beyond Calcite's own. Each statement is a {@link SqlCall}
 * whose operator merely names the statement; the engine dispatches on the Java class. Instances are immutable and
 * may be shared between threads (the plan cache keeps them).
 */
public abstract class MySqlStatement extends SqlCall {

    protected MySqlStatement(SqlParserPos pos) {
        super(pos);
    }

    /** Operator naming a statement; it is never evaluated. */
    protected static SqlSpecialOperator statementOperator(String name, SqlKind kind) {
        return new SqlSpecialOperator(name, kind);
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of();
    }

    /** Writes a possibly qualified name, quoting each part as the writer's dialect does. */
    protected static void writeName(SqlWriter writer, SqlIdentifier name) {
        name.unparse(writer, 0, 0);
    }

    protected static void writeName(SqlWriter writer, String name) {
        writer.identifier(name, true);
    }

    protected static void writeString(SqlWriter writer, String value) {
        writer.literal("'" + value.replace("\\", "\\\\").replace("'", "''") + "'");
    }
}
