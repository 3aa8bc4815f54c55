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
     * Locks a row the transaction found at its snapshot; returns its latest version or null if it no longer exists.
     * An optimistic transaction's locking read is a read at its snapshot (a newer write is a conflict its prewrite
     * finds), so there the candidate already is that version: only the row key's lock is recorded, and the row and
     * its off-row values are not read a second time. (Every change of an off-row value rewrites the row key, so its
     * lock covers them.)
     */
    public static HandleRow lock(Transaction txn, TableDef table, HandleRow candidate) {
        if (txn.options().pessimistic()) {
            return lockAndRead(txn, table, candidate.handle());
        }
        try {
            txn.lockKeys(List.of(TableKeys.rowKey(table.id(), candidate.handle())), false, null);
            return candidate;
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
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
