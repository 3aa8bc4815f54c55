package io.basalt.sql.exec.access;

import io.basalt.sql.exec.ExecContext;
import io.basalt.storage.mvcc.KvPair;

import java.util.List;
import java.util.function.Function;

/**
 * Pages through the keys of [start, end) in ascending order, turning each pair into a row (null = skip).
 * Checks for KILL between pages.
 */
final class KeyRangeCursor implements RowCursor {
    private final ExecContext ctx;
    private final byte[] end;
    private final Function<KvPair, HandleRow> decode;
    private byte[] next;
    private List<KvPair> page = List.of();
    private int pos;
    private boolean exhausted;

    KeyRangeCursor(ExecContext ctx, byte[] start, byte[] end, Function<KvPair, HandleRow> decode) {
        this.ctx = ctx;
        this.next = start;
        this.end = end;
        this.decode = decode;
    }

    @Override
    public HandleRow next() {
        while (true) {
            if (pos < page.size()) {
                HandleRow r = decode.apply(page.get(pos++));
                if (r != null) {
                    return r;
                }
                continue;
            }
            if (exhausted) {
                return null;
            }
            ctx.checkKilled();
            page = StoredRows.scan(ctx.txn(), next, end, StoredRows.SCAN_PAGE, false);
            pos = 0;
            if (page.size() < StoredRows.SCAN_PAGE) {
                exhausted = true;
            } else {
                next = StoredRows.successor(page.get(page.size() - 1).key());
            }
        }
    }
}
