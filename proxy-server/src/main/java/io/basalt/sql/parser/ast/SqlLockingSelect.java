package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** A query with a locking clause: {@code FOR UPDATE}, {@code FOR SHARE}, {@code LOCK IN SHARE MODE}. */
public final class SqlLockingSelect extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("LOCKING SELECT", SqlKind.OTHER);

    public enum LockMode { FOR_UPDATE, SHARE }

    private final SqlNode query;
    private final LockMode lockMode;
    private final boolean nowait;
    private final boolean skipLocked;

    public SqlLockingSelect(SqlParserPos pos, SqlNode query, LockMode lockMode, boolean nowait, boolean skipLocked) {
        super(pos);
        this.query = query;
        this.lockMode = lockMode;
        this.nowait = nowait;
        this.skipLocked = skipLocked;
    }

    /** The query without the locking clause (SqlSelect, SqlOrderBy, or a set operation). */
    public SqlNode query() {
        return query;
    }

    public LockMode lockMode() {
        return lockMode;
    }

    public boolean nowait() {
        return nowait;
    }

    public boolean skipLocked() {
        return skipLocked;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(query);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        query.unparse(writer, 0, 0);
        writer.keyword(lockMode == LockMode.FOR_UPDATE ? "FOR UPDATE" : "FOR SHARE");
        if (nowait) {
            writer.keyword("NOWAIT");
        }
        if (skipLocked) {
            writer.keyword("SKIP LOCKED");
        }
    }
}
