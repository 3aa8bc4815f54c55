package io.basalt.sql.exec.access;

import io.basalt.sql.catalog.TableDef;
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
        try {
            byte[] v = txn.get(TableKeys.rowKey(t.id(), handle));
            return v == null ? null : new HandleRow(handle, RowCodec.decode(t, v));
        } catch (StorageException e) {
            throw StorageErrors.toMySql(e);
        }
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
                    out.add(new HandleRow(handles.get(i), RowCodec.decode(t, values.get(i))));
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
