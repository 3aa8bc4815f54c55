package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.storage.codec.TableKeys;

/** Every row of the table in handle order. */
public record FullScanPath(TableDef table) implements AccessPath {
    @Override
    public RowCursor open(ExecContext ctx) {
        return new KeyRangeCursor(ctx, TableKeys.rowPrefix(table.id()), TableKeys.rowRangeEnd(table.id()),
                kv -> StoredRows.decode(ctx.txn(), table, TableKeys.decodeHandle(kv.key()), kv.value()));
    }

    @Override
    public String describe() {
        return "full scan of " + table.name();
    }
}
