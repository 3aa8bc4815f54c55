package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.row.RowCodec;
import io.basalt.sql.txn.StorageErrors;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.txn.Transaction;

import java.util.List;

/**
 * Locking ("current") reads: the row lock is taken first and the latest committed version returned, as InnoDB's
 * locking reads and every UPDATE/DELETE see it, not the transaction's snapshot.
 */
public final class RowLocker {
    private RowLocker() {
    }

    /**
     * Locks the row's key; returns its latest version or null if it no longer exists. Off-row values are read the
     * same way (locked, latest), so they match the row version returned in pessimistic and optimistic mode alike.
     */
    public static HandleRow lockAndRead(Transaction txn, TableDef table, long handle) {
        try {
            byte[] key = TableKeys.rowKey(table.id(), handle);
            byte[] v = txn.lockKeys(List.of(key), true, null).get(0);
            return v == null ? null : HandleRow.of(handle, RowCodec.decode(table, v, columnId ->
                    txn.lockKeys(List.of(TableKeys.lobKey(table.id(), handle, columnId)), true, null).get(0)));
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
    }
}
