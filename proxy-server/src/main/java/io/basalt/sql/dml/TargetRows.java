package io.basalt.sql.dml;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.exec.access.AccessPath;
import io.basalt.sql.exec.access.HandleRow;
import io.basalt.sql.exec.access.PointGetPath;
import io.basalt.sql.exec.access.RowCursor;
import io.basalt.sql.exec.access.RowLocker;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.expr.Truth;
import io.basalt.sql.value.Comparison;
import io.basalt.sql.value.ComparisonType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The rows an UPDATE or DELETE changes: candidates from the access path (snapshot read), each then locked and
 * re-read at its latest version and re-checked against WHERE (InnoDB's current read; see {@link RowLocker#lock}),
 * all collected before any change so the statement never sees its own writes; then ORDER BY and LIMIT. A
 * pessimistic transaction's statement on one primary key value skips the snapshot read: it locks and reads the
 * latest version of that row at once, which is also the row InnoDB's current read finds when the snapshot has none.
 */
public record TargetRows(AccessPath path, Expr where, Expr[] orderBy, boolean[] descending, Expr limit) {

    public List<HandleRow> collect(ExecContext ctx) {
        TableDef t = path.table();
        long max = limit == null ? Long.MAX_VALUE : ((Number) limit.eval(null, ctx)).longValue();
        RowCursor cursor;
        if (path instanceof PointGetPath point) {
            PointGetPath.Target target = point.target(ctx);
            if (ctx.txn().options().pessimistic() && !target.none() && !target.scan()) {
                return max <= 0 ? List.of() : currentRow(ctx, t, target.handle());
            }
            cursor = point.open(ctx, target);
        } else {
            cursor = path.open(ctx);
        }
        List<HandleRow> candidates = new ArrayList<>();
        for (HandleRow r = cursor.next(); r != null; r = cursor.next()) {
            if (where == null || Truth.passes(where, r.row(), ctx)) {
                candidates.add(r);
            }
        }
        if (orderBy.length > 0) {
            candidates.sort(comparator(ctx));
        }
        List<HandleRow> out = new ArrayList<>();
        for (HandleRow c : candidates) {
            if (out.size() >= max) {
                break;
            }
            HandleRow latest = RowLocker.lock(ctx.txn(), t, c);
            // the candidate itself comes back where the locking read is the snapshot's: WHERE already passed it
            if (latest != null && (latest == c || where == null || Truth.passes(where, latest.row(), ctx))) {
                out.add(latest);
            }
        }
        return out;
    }

    /** The locked latest version of the row {@code handle}, if it exists and passes WHERE. */
    private List<HandleRow> currentRow(ExecContext ctx, TableDef t, long handle) {
        HandleRow latest = RowLocker.lockAndRead(ctx.txn(), t, handle);
        return latest != null && (where == null || Truth.passes(where, latest.row(), ctx)) ? List.of(latest)
                : List.of();
    }

    private Comparator<HandleRow> comparator(ExecContext ctx) {
        Comparator<HandleRow> cmp = null;
        for (int i = 0; i < orderBy.length; i++) {
            Expr e = orderBy[i];
            ComparisonType ct = Comparison.ordering(e.type());
            Comparator<HandleRow> one = (a, b) -> {
                Object x = e.eval(a.row(), ctx);
                Object y = e.eval(b.row(), ctx);
                if (x == null || y == null) {
                    return x == null ? (y == null ? 0 : -1) : 1;
                }
                return ct.compare(x, e.typeOf(x), y, e.typeOf(y), ctx);
            };
            if (descending[i]) {
                one = one.reversed();
            }
            cmp = cmp == null ? one : cmp.thenComparing(one);
        }
        return cmp;
    }
}
