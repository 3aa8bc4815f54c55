package io.basalt.sql.binlog;

import io.basalt.protocol.binlog.AnnotateRowsEvent;
import io.basalt.protocol.binlog.BinlogColumn;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.RowsEvent;
import io.basalt.protocol.binlog.TableMapEvent;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.storage.binlog.BinlogCache;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The row events of one statement, appended to the transaction's binlog cache as MariaDB writes them: an optional
 * Annotate_rows with the statement text, a Table_map per table before its first rows, then Write/Update/Delete_rows
 * v1 events. Consecutive rows of the same table and kind share one event until it reaches about 8 KiB (MariaDB's
 * binlog_row_event_max_size); the statement's last event carries STMT_END_F, so the current event is held back
 * until the next one starts or {@link #finish} is called.
 *
 * <p>Owned by the statement's worker thread.
 */
final class StatementRowLog implements RowLog {
    static final int MAX_EVENT_BYTES = 8192;

    private final BinlogCache cache;
    private final BinlogColumnCache columnCache;
    private final String sql;
    private final long timestamp;
    private final ZoneId zone;
    private final boolean annotate;
    private final boolean optionalMetadata;
    private final boolean primaryKeyMetadata;
    private final Set<Long> mapped = new HashSet<>();
    private boolean annotated;
    private TableDef table;
    private BinlogEventType type;
    private final List<Object[]> before = new ArrayList<>();
    private final List<Object[]> after = new ArrayList<>();
    private int pendingBytes;

    /**
     * @param optionalMetadata   binlog_row_metadata MINIMAL or FULL: Table_map carries column names and charsets
     * @param primaryKeyMetadata binlog_row_metadata FULL: also the primary key columns
     */
    StatementRowLog(BinlogCache cache, BinlogColumnCache columnCache, String sql, long timestamp, ZoneId zone,
                    boolean annotate, boolean optionalMetadata, boolean primaryKeyMetadata) {
        this.cache = cache;
        this.columnCache = columnCache;
        this.sql = sql;
        this.timestamp = timestamp;
        this.zone = zone;
        this.annotate = annotate;
        this.optionalMetadata = optionalMetadata;
        this.primaryKeyMetadata = primaryKeyMetadata;
    }

    @Override
    public void inserted(TableDef t, Object[] row) {
        add(t, BinlogEventType.WRITE_ROWS_V1, null, row);
    }

    @Override
    public void updated(TableDef t, Object[] oldRow, Object[] newRow) {
        add(t, BinlogEventType.UPDATE_ROWS_V1, oldRow, newRow);
    }

    @Override
    public void deleted(TableDef t, Object[] row) {
        add(t, BinlogEventType.DELETE_ROWS_V1, row, null);
    }

    /** Writes the held-back event with STMT_END_F; nothing when the statement changed no row. */
    void finish() {
        flush(RowsEvent.STMT_END_F);
    }

    private void add(TableDef t, BinlogEventType kind, Object[] oldRow, Object[] newRow) {
        if (table != null && (table.id() != t.id() || type != kind || pendingBytes >= MAX_EVENT_BYTES)) {
            flush(0);
        }
        if (table == null) {
            start(t, kind);
        }
        Object[] oldValues = null;
        if (oldRow != null) {
            oldValues = BinlogRowValues.of(t, oldRow, zone);
            before.add(oldValues);
            pendingBytes += estimate(oldRow);
        }
        if (newRow != null) {
            after.add(oldRow == null ? BinlogRowValues.of(t, newRow, zone)
                    : BinlogRowValues.after(t, newRow, oldRow, oldValues, zone));
            pendingBytes += estimate(newRow);
        }
    }

    private void start(TableDef t, BinlogEventType kind) {
        if (annotate && !annotated) {
            cache.append(new AnnotateRowsEvent(sql), timestamp, 0);
            annotated = true;
        }
        if (mapped.add(t.id())) {
            cache.append(new TableMapEvent(t.id(), t.database(), t.name(), columnCache.columns(t),
                    primaryKeyMetadata ? primaryKey(t) : List.of(), optionalMetadata), timestamp, 0);
        }
        table = t;
        type = kind;
    }

    private void flush(int flags) {
        if (table == null) {
            return;
        }
        List<BinlogColumn> columns = columnCache.columns(table);
        RowsEvent e = switch (type) {
            case WRITE_ROWS_V1 -> RowsEvent.write(table.id(), flags, columns, after);
            case DELETE_ROWS_V1 -> RowsEvent.delete(table.id(), flags, columns, before);
            default -> RowsEvent.update(table.id(), flags, columns, before, after);
        };
        cache.append(e, timestamp, 0);
        before.clear();
        after.clear();
        pendingBytes = 0;
        table = null;
        type = null;
    }

    private static List<Integer> primaryKey(TableDef t) {
        List<Integer> pk = new ArrayList<>();
        t.primaryKey().ifPresent(idx -> {
            for (IndexDef.KeyPart p : idx.columns()) {
                pk.add(t.columnIndexById(p.columnId()));
            }
        });
        return pk;
    }

    /** Rough encoded size of a row image, enough to cut events near the limit. */
    private static int estimate(Object[] row) {
        int n = row.length / 8 + 1;
        for (Object v : row) {
            if (v instanceof String s) {
                n += s.length() + 2;
            } else if (v instanceof byte[] b) {
                n += b.length + 2;
            } else {
                n += 8;
            }
        }
        return n;
    }
}
