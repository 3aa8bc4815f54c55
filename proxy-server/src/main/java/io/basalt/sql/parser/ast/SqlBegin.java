package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code BEGIN [WORK]}, TiDB's {@code BEGIN PESSIMISTIC|OPTIMISTIC}, and {@code START TRANSACTION [READ ONLY |
 * READ WRITE | WITH CONSISTENT SNAPSHOT | WITH CAUSAL CONSISTENCY ONLY] [, ...]}.
 */
public final class SqlBegin extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("BEGIN", SqlKind.OTHER);

    private final boolean readOnly;
    private final boolean readWrite;
    private final boolean withConsistentSnapshot;
    private final boolean causalConsistencyOnly;
    private final String mode;

    public SqlBegin(SqlParserPos pos, boolean readOnly, boolean readWrite, boolean withConsistentSnapshot,
                    boolean causalConsistencyOnly, String mode) {
        super(pos);
        this.readOnly = readOnly;
        this.readWrite = readWrite;
        this.withConsistentSnapshot = withConsistentSnapshot;
        this.causalConsistencyOnly = causalConsistencyOnly;
        this.mode = mode;
    }

    public boolean readOnly() {
        return readOnly;
    }

    public boolean readWrite() {
        return readWrite;
    }

    public boolean withConsistentSnapshot() {
        return withConsistentSnapshot;
    }

    public boolean causalConsistencyOnly() {
        return causalConsistencyOnly;
    }

    /** PESSIMISTIC or OPTIMISTIC for TiDB's BEGIN forms; null otherwise. */
    public String mode() {
        return mode;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        if (mode != null) {
            writer.keyword("BEGIN");
            writer.keyword(mode);
            return;
        }
        writer.keyword("START TRANSACTION");
        SqlWriter.Frame frame = writer.startList("", "");
        if (withConsistentSnapshot) {
            writer.sep(",");
            writer.keyword("WITH CONSISTENT SNAPSHOT");
        }
        if (causalConsistencyOnly) {
            writer.sep(",");
            writer.keyword("WITH CAUSAL CONSISTENCY ONLY");
        }
        if (readOnly) {
            writer.sep(",");
            writer.keyword("READ ONLY");
        }
        if (readWrite) {
            writer.sep(",");
            writer.keyword("READ WRITE");
        }
        writer.endList(frame);
    }
}
