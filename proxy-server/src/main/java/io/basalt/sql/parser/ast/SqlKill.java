package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code KILL [CONNECTION | QUERY] id}. */
public final class SqlKill extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("KILL", SqlKind.OTHER);

    private final boolean query;
    private final SqlNode connectionId;

    public SqlKill(SqlParserPos pos, boolean query, SqlNode connectionId) {
        super(pos);
        this.query = query;
        this.connectionId = connectionId;
    }

    /** KILL QUERY: interrupt the running statement only, keep the connection. */
    public boolean query() {
        return query;
    }

    /** The connection id expression (usually an integer literal or a parameter). */
    public SqlNode connectionId() {
        return connectionId;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(connectionId);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword(query ? "KILL QUERY" : "KILL");
        connectionId.unparse(writer, 0, 0);
    }
}
