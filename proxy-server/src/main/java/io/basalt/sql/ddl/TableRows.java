package io.basalt.sql.ddl;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.access.StoredRows;
import io.basalt.sql.row.RowCodec;
import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.txn.Transaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a table's stored rows for DDL, in batches of short read transactions (each batch is a fresh snapshot;
 * DDL holds the table's exclusive metadata lock, so no statement writes the table meanwhile).
 */
final class TableRows {
    static final int BATCH = 512;

    /** One stored row: its handle and its values in the given definition's column order. */
    record Row(long handle, Object[] values) {
    }

    /** Receives each batch of rows in handle order. */
    interface BatchConsumer {
        void accept(List<Row> batch);
    }

    private TableRows() {
    }

    static boolean isEmpty(TxnStore store, TableDef table) {
        try (Transaction txn = store.begin()) {
            return txn.scan(TableKeys.rowPrefix(table.id()), TableKeys.rowRangeEnd(table.id()), 1, false).isEmpty();
        }
    }

    /** The largest handle of the table, or {@code Long.MIN_VALUE} when it is empty. */
    static long maxHandle(TxnStore store, TableDef table) {
        try (Transaction txn = store.begin()) {
            List<KvPair> last = txn.scan(TableKeys.rowPrefix(table.id()), TableKeys.rowRangeEnd(table.id()), 1, true);
            return last.isEmpty() ? Long.MIN_VALUE : TableKeys.decodeHandle(last.get(0).key());
        }
    }

    /** Decodes every row with {@code table}'s definition and hands them to {@code consumer} batch by batch. */
    static void forEachBatch(TxnStore store, TableDef table, BatchConsumer consumer) {
        RowCodec codec = RowCodec.of(table);
        byte[] start = TableKeys.rowPrefix(table.id());
        byte[] end = TableKeys.rowRangeEnd(table.id());
        while (true) {
            List<KvPair> page;
            List<Row> rows;
            try (Transaction txn = store.begin()) {
                page = txn.scan(start, end, BATCH, false);
                rows = new ArrayList<>(page.size());
                for (KvPair p : page) {
                    long handle = TableKeys.decodeHandle(p.key());
                    rows.add(new Row(handle, codec.decode(p.value(),
                            StoredRows.snapshotOffRow(txn, table, handle)).values()));
                }
            }
            if (page.isEmpty()) {
                return;
            }
            consumer.accept(rows);
            if (page.size() < BATCH) {
                return;
            }
            byte[] last = page.get(page.size() - 1).key();
            start = Arrays.copyOf(last, last.length + 1);
        }
    }
}
