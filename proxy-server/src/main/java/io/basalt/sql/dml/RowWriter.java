package io.basalt.sql.dml;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.binlog.RowLog;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.access.HandleRow;
import io.basalt.sql.row.EncodedRow;
import io.basalt.sql.row.IndexEntry;
import io.basalt.sql.row.IndexKeys;
import io.basalt.sql.row.RowCodec;
import io.basalt.sql.txn.StorageErrors;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.txn.Transaction;

import java.util.Arrays;
import java.util.Objects;

/**
 * Writes rows and their index entries into a transaction. Unique keys (the row key of an integer primary key,
 * unique index entries) are written as INSERTs so the store reports duplicates (1062 naming the key); non-unique
 * entries skip their locks, serialised by the row's lock. So are a row's off-row values ({@link RowCodec}): written
 * only when they change, removed with the row. Each written row is then reported to the statement's
 * {@link RowLog} (the binlog).
 */
final class RowWriter {
    private RowWriter() {
    }

    static void insert(Transaction txn, RowLog log, TableDef t, long handle, Object[] row) {
        EncodedRow encoded = RowCodec.encode(t, row);
        try {
            txn.insert(TableKeys.rowKey(t.id(), handle), encoded.value());
        } catch (DuplicateKeyException e) {
            throw duplicate(t, t.primaryKey().orElse(null), row);
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
        putOffRow(txn, t, handle, encoded, row, null);
        for (IndexDef idx : t.indexes()) {
            if (t.hasIndexEntries(idx)) {
                writeEntry(txn, t, idx, IndexKeys.entry(t, idx, row, handle), row);
            }
        }
        log.inserted(t, row);
    }

    static void update(Transaction txn, RowLog log, TableDef t, HandleRow old, long newHandle, Object[] newRow) {
        long oldHandle = old.handle();
        Object[] oldRow = old.row();
        EncodedRow encoded = oldHandle == newHandle ? RowCodec.encode(t, newRow, oldRow, old.offRow())
                : RowCodec.encode(t, newRow);
        try {
            if (oldHandle != newHandle) {
                txn.delete(TableKeys.rowKey(t.id(), oldHandle));
                deleteOffRow(txn, t, old, null);
                try {
                    txn.insert(TableKeys.rowKey(t.id(), newHandle), encoded.value());
                } catch (DuplicateKeyException e) {
                    throw duplicate(t, t.primaryKey().orElse(null), newRow);
                }
                putOffRow(txn, t, newHandle, encoded, newRow, null);
            } else {
                txn.put(TableKeys.rowKey(t.id(), newHandle), encoded.value());
                putOffRow(txn, t, newHandle, encoded, newRow, old);
                deleteOffRow(txn, t, old, encoded);
            }
            for (IndexDef idx : t.indexes()) {
                if (!t.hasIndexEntries(idx)) {
                    continue;
                }
                IndexEntry before = IndexKeys.entry(t, idx, oldRow, oldHandle);
                IndexEntry after = IndexKeys.entry(t, idx, newRow, newHandle);
                if (Arrays.equals(before.key(), after.key()) && Arrays.equals(before.value(), after.value())) {
                    continue;
                }
                removeEntry(txn, before);
                writeEntry(txn, t, idx, after, newRow);
            }
            log.updated(t, oldRow, newRow);
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
    }

    static void delete(Transaction txn, RowLog log, TableDef t, HandleRow row) {
        try {
            txn.delete(TableKeys.rowKey(t.id(), row.handle()));
            deleteOffRow(txn, t, row, null);
            for (IndexDef idx : t.indexes()) {
                if (t.hasIndexEntries(idx)) {
                    removeEntry(txn, IndexKeys.entry(t, idx, row.row(), row.handle()));
                }
            }
            log.deleted(t, row.row());
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
    }

    /**
     * Stores the off-row values of a row written at {@code handle}, except those {@code old} (the same row before
     * the write, or null) already stores off-row with an equal value: leaving a long column alone costs nothing.
     */
    private static void putOffRow(Transaction txn, TableDef t, long handle, EncodedRow encoded, Object[] row,
                                  HandleRow old) {
        for (EncodedRow.OffRowValue v : encoded.offRow()) {
            if (v.kept() || old != null && old.offRow().contains(v.columnId())
                    && unchanged(t, old.row(), row, v.columnId())) {
                continue;
            }
            try {
                txn.putWithRow(TableKeys.lobKey(t.id(), handle, v.columnId()), v.bytes());
            } catch (StorageException e) {
                throw StorageErrors.toMySql(e);
            }
        }
    }

    /** Removes {@code old}'s off-row values, except those {@code kept} (the row rewritten in place) stores again. */
    private static void deleteOffRow(Transaction txn, TableDef t, HandleRow old, EncodedRow kept) {
        if (old.offRow().isEmpty()) {
            return;
        }
        for (int columnId : old.offRow().ids()) {
            if (kept == null || !kept.hasOffRow(columnId)) {
                txn.deleteWithRow(TableKeys.lobKey(t.id(), old.handle(), columnId));
            }
        }
    }

    /** Whether the column's value is the same in both rows (an untouched column is the very same object). */
    private static boolean unchanged(TableDef t, Object[] oldRow, Object[] newRow, int columnId) {
        for (int i = 0; i < newRow.length; i++) {
            if (t.columns().get(i).id() == columnId) {
                return Objects.deepEquals(oldRow[i], newRow[i]);
            }
        }
        return false;
    }

    private static void writeEntry(Transaction txn, TableDef t, IndexDef idx, IndexEntry e, Object[] row) {
        try {
            if (e.unique()) {
                txn.insert(e.key(), e.value());
            } else {
                txn.putWithRow(e.key(), e.value());
            }
        } catch (DuplicateKeyException dup) {
            throw duplicate(t, idx, row);
        } catch (StorageException ex) {
            throw StorageErrors.toMySql(ex);
        }
    }

    private static void removeEntry(Transaction txn, IndexEntry e) {
        if (e.unique()) {
            txn.delete(e.key());
        } else {
            txn.deleteWithRow(e.key());
        }
    }

    static MySqlException duplicate(TableDef t, IndexDef idx, Object[] row) {
        if (idx == null) {
            return new MySqlException(ErrorCode.DUP_ENTRY, "?", "PRIMARY");
        }
        return new MySqlException(ErrorCode.DUP_ENTRY, IndexKeys.duplicateEntryText(t, idx, row),
                IndexKeys.keyNameForError(t, idx));
    }
}
