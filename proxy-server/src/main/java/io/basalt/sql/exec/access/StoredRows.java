package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.row.OffRowReader;
import io.basalt.sql.row.RowCodec;
import io.basalt.sql.txn.StorageErrors;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.txn.Transaction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads of table rows through a transaction, with storage errors mapped to MySQL errors. */
public final class StoredRows {
    /** Rows fetched per scan round trip: big enough to amortise the call, small enough for LIMIT 1 scans. */
    static final int SCAN_PAGE = 256;

    private StoredRows() {
    }

    public static HandleRow get(Transaction txn, TableDef t, long handle) {
        byte[] v;
        try {
            v = txn.get(TableKeys.rowKey(t.id(), handle));
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
        return v == null ? null : decode(txn, t, handle, v);
    }

    /** Decodes a row value read from {@code txn}'s snapshot, reading its off-row values from the same snapshot. */
    public static HandleRow decode(Transaction txn, TableDef t, long handle, byte[] value) {
        try {
            return HandleRow.of(handle, RowCodec.decode(t, value, snapshotOffRow(txn, t, handle)));
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
    }

    /** Off-row values of row {@code handle} as of {@code txn}'s snapshot (and its own writes). */
    public static OffRowReader snapshotOffRow(Transaction txn, TableDef t, long handle) {
        return columnId -> txn.get(TableKeys.lobKey(t.id(), handle, columnId));
    }

    /** Rows of {@code handles} in the given order, skipping handles whose row does not exist. */
    public static List<HandleRow> batchGet(Transaction txn, TableDef t, List<Long> handles) {
        List<byte[]> keys = new ArrayList<>(handles.size());
        for (long h : handles) {
            keys.add(TableKeys.rowKey(t.id(), h));
        }
        try {
            List<byte[]> values = txn.batchGet(keys);
            List<HandleRow> out = new ArrayList<>(handles.size());
            for (int i = 0; i < values.size(); i++) {
                if (values.get(i) != null) {
                    out.add(decode(txn, t, handles.get(i), values.get(i)));
                }
            }
            return out;
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
    }

    public static List<KvPair> scan(Transaction txn, byte[] start, byte[] end, int limit, boolean reverse) {
        try {
            return txn.scan(start, end, limit, reverse);
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
    }

    /** The smallest key after {@code key}: where the next forward page starts. */
    static byte[] successor(byte[] key) {
        return Arrays.copyOf(key, key.length + 1);
    }
}
