package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.expr.Expr;
import io.basalt.storage.codec.TableKeys;

/** A range of handles (BETWEEN, <, <=, >, >=); a missing bound is open. */
public record HandleRangePath(TableDef table, Expr low, boolean lowInclusive, Expr high, boolean highInclusive)
        implements AccessPath {
    @Override
    public RowCursor open(ExecContext ctx) {
        long lo = Long.MIN_VALUE;
        long hi = Long.MAX_VALUE;
        if (low != null) {
            Object v = low.eval(null, ctx);
            if (v == null) {
                return () -> null;
            }
            Long b = HandleValues.lower(v, lowInclusive);
            if (b == null) {
                return new FullScanPath(table).open(ctx);
            }
            lo = b;
        }
        if (high != null) {
            Object v = high.eval(null, ctx);
            if (v == null) {
                return () -> null;
            }
            Long b = HandleValues.upper(v, highInclusive);
            if (b == null) {
                return new FullScanPath(table).open(ctx);
            }
            hi = b;
        }
        if (lo > hi) {
            return () -> null;
        }
        byte[] start = TableKeys.rowKey(table.id(), lo);
        byte[] end = hi == Long.MAX_VALUE ? TableKeys.rowRangeEnd(table.id()) : TableKeys.rowKey(table.id(), hi + 1);
        return new KeyRangeCursor(ctx, start, end,
                kv -> StoredRows.decode(ctx.txn(), table, TableKeys.decodeHandle(kv.key()), kv.value()));
    }

    @Override
    public String describe() {
        return "handle range on " + table.name();
    }
}
