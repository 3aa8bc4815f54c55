package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.row.IndexEntry;
import io.basalt.sql.row.IndexKeys;
import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.txn.Transaction;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One pass over a table's rows for ALTER TABLE: checks columns that became NOT NULL (1265 at the first NULL, as
 * MariaDB in strict mode), tracks the largest value of a column that became AUTO_INCREMENT, and writes the entries
 * of new indexes, one short transaction per batch of rows. A unique entry that meets an existing one (in the batch,
 * or written by an earlier batch) is 1062 with MariaDB's text. Runs under the table's exclusive metadata lock.
 */
final class IndexBackfill {
    private final TxnStore store;
    private final TableDef table;
    private final List<IndexDef> indexes;
    private final List<Integer> notNullColumns;
    private final int autoIncrementColumn;
    private long rowNumber;
    private long maxAutoIncrement;

    /**
     * @param indexes             new indexes (with entries) to fill
     * @param notNullColumns      ids of columns that must not hold NULL
     * @param autoIncrementColumn id of a column whose maximum is wanted, or -1
     */
    IndexBackfill(TxnStore store, TableDef table, List<IndexDef> indexes, List<Integer> notNullColumns,
                  int autoIncrementColumn) {
        this.store = store;
        this.table = table;
        this.indexes = indexes;
        this.notNullColumns = notNullColumns;
        this.autoIncrementColumn = autoIncrementColumn;
    }

    /** Runs the pass; returns the largest value of the AUTO_INCREMENT column seen (0 if none). */
    long run() {
        TableRows.forEachBatch(store, table, this::batch);
        return maxAutoIncrement;
    }

    private void batch(List<TableRows.Row> rows) {
        Map<ByteBuffer, Object[]> uniques = new HashMap<>();
        try (Transaction txn = indexes.isEmpty() ? null
                : store.begin(store.defaultOptions().withPessimistic(false))) {
            for (TableRows.Row row : rows) {
                rowNumber++;
                check(row.values());
                for (IndexDef index : indexes) {
                    IndexEntry e = IndexKeys.entry(table, index, row.values(), row.handle());
                    if (e.unique()) {
                        Object[] before = uniques.put(ByteBuffer.wrap(e.key()), row.values());
                        if (before != null) {
                            throw duplicate(index, row.values());
                        }
                        txn.insert(e.key(), e.value());
                    } else {
                        txn.putNoLock(e.key(), e.value());
                    }
                }
            }
            if (txn != null) {
                try {
                    txn.commit(null);
                } catch (DuplicateKeyException e) {
                    Object[] values = uniques.get(ByteBuffer.wrap(e.key));
                    throw duplicate(indexOf(e.key), values);
                }
            }
        }
    }

    private void check(Object[] values) {
        for (int id : notNullColumns) {
            int pos = table.columnIndexById(id);
            if (values[pos] == null) {
                ColumnDef c = table.columns().get(pos);
                throw new MySqlException(ErrorCode.WARN_DATA_TRUNCATED, c.name(), rowNumber);
            }
        }
        if (autoIncrementColumn >= 0) {
            Object v = values[table.columnIndexById(autoIncrementColumn)];
            if (v instanceof Long l) {
                maxAutoIncrement = Math.max(maxAutoIncrement, l);
            }
        }
    }

    private IndexDef indexOf(byte[] key) {
        for (IndexDef index : indexes) {
            byte[] prefix = TableKeys.indexPrefix(table.id(), index.id());
            if (Arrays.equals(prefix, 0, prefix.length, key, 0, Math.min(prefix.length, key.length))) {
                return index;
            }
        }
        throw new IllegalStateException("duplicate key outside the new indexes");
    }

    private MySqlException duplicate(IndexDef index, Object[] values) {
        return new MySqlException(ErrorCode.DUP_ENTRY, IndexKeys.duplicateEntryText(table, index, values),
                IndexKeys.keyNameForError(table, index));
    }
}
