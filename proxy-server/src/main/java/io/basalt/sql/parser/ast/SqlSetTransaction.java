package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code SET [GLOBAL|SESSION] TRANSACTION characteristic [, ...]} with ISOLATION LEVEL and READ ONLY|READ WRITE.
 */
public final class SqlSetTransaction extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("SET TRANSACTION", SqlKind.OTHER);

    /** NEXT: no scope written, applies to the next transaction only. */
    public enum Scope { NEXT, SESSION, GLOBAL }

    private final Scope scope;
    private final String isolationLevel;
    private final Boolean readOnly;

    public SqlSetTransaction(SqlParserPos pos, Scope scope, String isolationLevel, Boolean readOnly) {
        super(pos);
        this.scope = scope;
        this.isolationLevel = isolationLevel;
        this.readOnly = readOnly;
    }

    public Scope scope() {
        return scope;
    }

    /** READ-UNCOMMITTED, READ-COMMITTED, REPEATABLE-READ or SERIALIZABLE; null when not set. */
    public String isolationLevel() {
        return isolationLevel;
    }

    /** TRUE for READ ONLY, FALSE for READ WRITE, null when not set. */
    public Boolean readOnly() {
        return readOnly;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("SET");
        if (scope != Scope.NEXT) {
            writer.keyword(scope.name());
        }
        writer.keyword("TRANSACTION");
        SqlWriter.Frame frame = writer.startList("", "");
        if (isolationLevel != null) {
            writer.sep(",");
            writer.keyword("ISOLATION LEVEL " + isolationLevel.replace('-', ' '));
        }
        if (readOnly != null) {
            writer.sep(",");
            writer.keyword(readOnly ? "READ ONLY" : "READ WRITE");
        }
        writer.endList(frame);
    }
}
