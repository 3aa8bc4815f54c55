package io.basalt.sql.dml;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.binlog.RowLog;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.row.IndexEntry;
import io.basalt.sql.row.IndexKeys;
import io.basalt.sql.row.RowCodec;
import io.basalt.sql.txn.StorageErrors;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.txn.Transaction;

import java.util.Arrays;

/**
 * Writes rows and their index entries into a transaction. Unique keys (the row key of an integer primary key,
 * unique index entries) are written as INSERTs so the store reports duplicates (1062 naming the key); non-unique
 * entries skip their locks, serialised by the row's lock. Each written row is then reported to the statement's
 * {@link RowLog} (the binlog).
 */
final class RowWriter {
    private RowWriter() {
    }

    static void insert(Transaction txn, RowLog log, TableDef t, long handle, Object[] row) {
        byte[] rowKey = TableKeys.rowKey(t.id(), handle);
        try {
            txn.insert(rowKey, RowCodec.encode(t, row));
        } catch (DuplicateKeyException e) {
            throw duplicate(t, t.primaryKey().orElse(null), row);
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
        for (IndexDef idx : t.indexes()) {
            if (t.hasIndexEntries(idx)) {
                writeEntry(txn, t, idx, IndexKeys.entry(t, idx, row, handle), row);
            }
        }
        log.inserted(t, row);
    }

    static void update(Transaction txn, RowLog log, TableDef t, long oldHandle, Object[] oldRow, long newHandle,
                       Object[] newRow) {
        try {
            if (oldHandle != newHandle) {
                txn.delete(TableKeys.rowKey(t.id(), oldHandle));
                try {
                    txn.insert(TableKeys.rowKey(t.id(), newHandle), RowCodec.encode(t, newRow));
                } catch (DuplicateKeyException e) {
                    throw duplicate(t, t.primaryKey().orElse(null), newRow);
                }
            } else {
                txn.put(TableKeys.rowKey(t.id(), newHandle), RowCodec.encode(t, newRow));
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

    static void delete(Transaction txn, RowLog log, TableDef t, long handle, Object[] row) {
        try {
            txn.delete(TableKeys.rowKey(t.id(), handle));
            for (IndexDef idx : t.indexes()) {
                if (t.hasIndexEntries(idx)) {
                    removeEntry(txn, IndexKeys.entry(t, idx, row, handle));
                }
            }
            log.deleted(t, row);
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
    }

    private static void writeEntry(Transaction txn, TableDef t, IndexDef idx, IndexEntry e, Object[] row) {
        try {
            if (e.unique()) {
                txn.insert(e.key(), e.value());
            } else {
                txn.putNoLock(e.key(), e.value());
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
            txn.deleteNoLock(e.key());
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
