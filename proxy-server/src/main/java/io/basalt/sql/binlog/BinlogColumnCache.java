package io.basalt.sql.binlog;

import io.basalt.protocol.binlog.BinlogColumn;
import io.basalt.sql.catalog.TableDef;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Table_map column descriptions of the tables one session logs, built once per table definition rather than
 * once per statement. Definitions are immutable and DDL makes a new one, so the cache is keyed by identity: an
 * altered table is described afresh.
 *
 * <p>Owned by the session's worker thread, like its {@link TransactionBinlog}.
 */
final class BinlogColumnCache {
    /** A session touching more definitions than this starts the cache over, so it never grows without bound. */
    static final int MAX_TABLES = 256;

    private final Map<TableDef, List<BinlogColumn>> byTable = new IdentityHashMap<>();

    List<BinlogColumn> columns(TableDef table) {
        List<BinlogColumn> columns = byTable.get(table);
        if (columns == null) {
            if (byTable.size() >= MAX_TABLES) {
                byTable.clear();
            }
            columns = BinlogColumns.of(table);
            byTable.put(table, columns);
        }
        return columns;
    }

    int size() {
        return byTable.size();
    }
}
