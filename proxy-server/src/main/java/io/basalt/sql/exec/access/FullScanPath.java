package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.ExecContext;
import io.basalt.sql.row.RowCodec;
import io.basalt.storage.codec.TableKeys;

/** Every row of the table in handle order. */
public record FullScanPath(TableDef table) implements AccessPath {
    @Override
    public RowCursor open(ExecContext ctx) {
        return new KeyRangeCursor(ctx, TableKeys.rowPrefix(table.id()), TableKeys.rowRangeEnd(table.id()),
                kv -> new HandleRow(TableKeys.decodeHandle(kv.key()), RowCodec.decode(table, kv.value())));
    }

    @Override
    public String describe() {
        return "full scan of " + table.name();
    }
}
