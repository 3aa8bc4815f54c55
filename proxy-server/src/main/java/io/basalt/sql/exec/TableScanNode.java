package io.basalt.sql.exec;

import io.basalt.sql.exec.access.AccessPath;
import io.basalt.sql.exec.access.HandleRow;
import io.basalt.sql.exec.access.RowCursor;
import io.basalt.sql.exec.access.RowLocker;

/**
 * Rows of one table through its access path, as snapshot reads, or as locking reads (SELECT ... FOR UPDATE /
 * LOCK IN SHARE MODE) that lock each row and return its latest committed version.
 */
public record TableScanNode(AccessPath path, boolean locking) implements PlanNode {
    @Override
    public RowSource open(ExecContext ctx) {
        RowCursor cursor = path.open(ctx);
        return () -> {
            for (HandleRow r = cursor.next(); r != null; r = cursor.next()) {
                if (!locking) {
                    return r.row();
                }
                HandleRow latest = RowLocker.lock(ctx.txn(), path.table(), r);
                if (latest != null) {
                    return latest.row();
                }
            }
            return null;
        };
    }

    @Override
    public int width() {
        return path.table().columns().size();
    }
}
