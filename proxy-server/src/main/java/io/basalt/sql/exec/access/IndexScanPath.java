package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.expr.Expr;
import io.basalt.sql.row.IndexKeys;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.mvcc.KvPair;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Rows found through a secondary (or non-handle primary) index: equality on the first key parts, optionally a
 * range on the next one; entries are read in index order and their rows fetched by batch get, one page at a time.
 */
public record IndexScanPath(TableDef table, IndexDef index, List<Expr> equalities, Expr low, boolean lowInclusive,
                            Expr high, boolean highInclusive) implements AccessPath {

    @Override
    public RowCursor open(ExecContext ctx) {
        int n = equalities.size();
        Object[] prefix = new Object[n];
        for (int i = 0; i < n; i++) {
            Object v = equalities.get(i).eval(null, ctx);
            if (v == null) {
                return () -> null;
            }
            prefix[i] = IndexValues.convert(v, column(i).type());
            if (prefix[i] == null) {
                return new FullScanPath(table).open(ctx);
            }
        }
        byte[] start;
        byte[] end;
        if (low == null && high == null) {
            start = IndexKeys.seekKey(table, index, prefix);
            end = TableKeys.prefixEnd(start);
        } else {
            Object lo = bound(low, ctx);
            Object hi = bound(high, ctx);
            if (lo == NULL_BOUND || hi == NULL_BOUND) {
                return () -> null;
            }
            if (lo == UNUSABLE || hi == UNUSABLE) {
                return new FullScanPath(table).open(ctx);
            }
            start = lo == null ? IndexKeys.lowerBoundAfterNulls(table, index, prefix)
                    : IndexKeys.lowerBound(table, index, append(prefix, lo), lowInclusive);
            end = hi == null ? TableKeys.prefixEnd(IndexKeys.seekKey(table, index, prefix))
                    : IndexKeys.upperBound(table, index, append(prefix, hi), highInclusive);
        }
        return new EntryCursor(ctx, start, end);
    }

    private static final Object NULL_BOUND = new Object();
    private static final Object UNUSABLE = new Object();

    private Object bound(Expr e, ExecContext ctx) {
        if (e == null) {
            return null;
        }
        Object v = e.eval(null, ctx);
        if (v == null) {
            return NULL_BOUND;
        }
        Object c = IndexValues.convert(v, column(equalities.size()).type());
        return c == null ? UNUSABLE : c;
    }

    private io.basalt.sql.catalog.ColumnDef column(int part) {
        return table.columnById(index.columns().get(part).columnId());
    }

    private static Object[] append(Object[] prefix, Object v) {
        Object[] out = java.util.Arrays.copyOf(prefix, prefix.length + 1);
        out[prefix.length] = v;
        return out;
    }

    /** Pages through index entries and fetches their rows. */
    private final class EntryCursor implements RowCursor {
        private final ExecContext ctx;
        private final byte[] end;
        private byte[] next;
        private Iterator<HandleRow> rows = java.util.Collections.emptyIterator();
        private boolean exhausted;

        EntryCursor(ExecContext ctx, byte[] start, byte[] end) {
            this.ctx = ctx;
            this.next = start;
            this.end = end;
        }

        @Override
        public HandleRow next() {
            while (!rows.hasNext()) {
                if (exhausted) {
                    return null;
                }
                ctx.checkKilled();
                List<KvPair> page = StoredRows.scan(ctx.txn(), next, end, StoredRows.SCAN_PAGE, false);
                if (page.size() < StoredRows.SCAN_PAGE) {
                    exhausted = true;
                } else {
                    next = StoredRows.successor(page.get(page.size() - 1).key());
                }
                List<Long> handles = new ArrayList<>(page.size());
                for (KvPair kv : page) {
                    handles.add(IndexKeys.handleOf(index, kv.key(), kv.value()));
                }
                rows = StoredRows.batchGet(ctx.txn(), table, handles).iterator();
            }
            return rows.next();
        }
    }

    @Override
    public String describe() {
        return "index " + index.name() + " of " + table.name();
    }
}
