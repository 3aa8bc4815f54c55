package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.Catalog;
import io.basalt.sql.parser.ast.AlterAction;
import io.basalt.sql.parser.ast.SqlAlterTable;
import io.basalt.sql.parser.ast.SqlCreateDatabase;
import io.basalt.sql.parser.ast.SqlCreateIndex;
import io.basalt.sql.parser.ast.SqlCreateTable;
import io.basalt.sql.parser.ast.SqlDropDatabase;
import io.basalt.sql.parser.ast.SqlDropIndex;
import io.basalt.sql.parser.ast.SqlDropTable;
import io.basalt.sql.parser.ast.SqlIndexSpec;
import io.basalt.sql.parser.ast.SqlRenameTable;
import io.basalt.sql.parser.ast.SqlTruncateTable;
import java.util.List;
import org.apache.calcite.sql.SqlNode;

/**
 * Runs DDL statements against the catalog, one at a time (the catalog's DDL lock), each taking the exclusive
 * metadata locks of the tables it changes. Errors are {@link MySqlException}s with MariaDB's codes and texts;
 * notes and warnings (IF [NOT] EXISTS, ignored constraints, shortened keys) go to the given {@link Warnings}.
 *
 * <p>The caller commits or ends the session's open transaction first (DDL commits implicitly in MySQL) and
 * releases that transaction's metadata locks; otherwise DDL on a table the session used waits for itself until
 * {@code lockWaitTimeoutMs} (1205). DDL changes are committed without a binlog payload; the caller's
 * {@code committed} callback (the binlog's GTID + Query group) runs after the change, still under the DDL lock.
 *
 * <p>Thread-safe.
 */
public final class DdlExecutor {
    private final DdlContext ctx;

    /**
     * @param lockWaitTimeoutMs how long DDL waits for open transactions that hold a table's metadata lock
     *                          (MySQL's lock_wait_timeout) before failing with 1205
     */
    public DdlExecutor(Catalog catalog, long lockWaitTimeoutMs) {
        this.ctx = new DdlContext(catalog, lockWaitTimeoutMs);
    }

    /** Whether {@code node} is a statement this executor runs. */
    public static boolean handles(SqlNode node) {
        return node instanceof SqlCreateDatabase || node instanceof SqlDropDatabase || node instanceof SqlCreateTable
                || node instanceof SqlDropTable || node instanceof SqlTruncateTable || node instanceof SqlRenameTable
                || node instanceof SqlAlterTable || node instanceof SqlCreateIndex || node instanceof SqlDropIndex;
    }

    /**
     * Executes one DDL statement.
     *
     * @param currentDatabase the session's database, null when none is selected
     * @return the affected-row count MySQL reports (CREATE DATABASE 1, DROP DATABASE the number of tables dropped,
     *         otherwise 0)
     */
    public long execute(SqlNode ddl, String currentDatabase, Warnings warnings) {
        return execute(ddl, currentDatabase, warnings, () -> { });
    }

    /**
     * Executes one DDL statement, then runs {@code committed} before the next DDL may start, so what it records
     * (the binlog's Query event) is in the order the catalog changed. Not run when the statement fails.
     */
    public long execute(SqlNode ddl, String currentDatabase, Warnings warnings, Runnable committed) {
        return ctx.catalog().underDdlLock(() -> {
            long affected = dispatch(ddl, currentDatabase, warnings);
            committed.run();
            return affected;
        });
    }

    private long dispatch(SqlNode ddl, String currentDatabase, Warnings warnings) {
        if (ddl instanceof SqlCreateDatabase s) {
            return CreateDatabase.execute(ctx, s, warnings);
        }
        if (ddl instanceof SqlDropDatabase s) {
            return DropDatabase.execute(ctx, s, warnings);
        }
        if (ddl instanceof SqlCreateTable s) {
            return CreateTable.execute(ctx, s, currentDatabase, warnings);
        }
        if (ddl instanceof SqlDropTable s) {
            return DropTable.execute(ctx, s, currentDatabase, warnings);
        }
        if (ddl instanceof SqlTruncateTable s) {
            return TruncateTable.execute(ctx, s, currentDatabase);
        }
        if (ddl instanceof SqlRenameTable s) {
            return RenameTable.execute(ctx, s, currentDatabase);
        }
        if (ddl instanceof SqlAlterTable s) {
            return AlterTable.execute(ctx, TableName.of(s.table(), currentDatabase), s.actions(), warnings);
        }
        if (ddl instanceof SqlCreateIndex s) {
            SqlIndexSpec spec = new SqlIndexSpec(s.name(), s.kind(), s.columns());
            return AlterTable.execute(ctx, TableName.of(s.table(), currentDatabase),
                    List.of(new AlterAction.AddIndex(spec)), warnings);
        }
        if (ddl instanceof SqlDropIndex s) {
            return AlterTable.execute(ctx, TableName.of(s.table(), currentDatabase),
                    List.of(new AlterAction.DropIndex(s.name())), warnings);
        }
        throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, ddl.getKind().toString());
    }
}
