package io.basalt.sql.ddl;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.Catalog;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.access.StoredRows;
import io.basalt.sql.parser.BasaltSqlParser;
import io.basalt.sql.row.EncodedRow;
import io.basalt.sql.row.Handles;
import io.basalt.sql.row.IndexEntry;
import io.basalt.sql.row.IndexKeys;
import io.basalt.sql.row.RowCodec;
import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.txn.Transaction;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A store, a catalog with database {@code test}, and helpers to run DDL and write rows as DML would. */
abstract class DdlTestBase {
    @TempDir
    Path dir;
    TxnStore store;
    Catalog catalog;
    DdlExecutor ddl;
    Warnings warnings = new Warnings();

    @BeforeEach
    void open() {
        store = StoreFixture.open(dir);
        catalog = Catalog.open(store, new SimpleMeterRegistry());
        ddl = new DdlExecutor(catalog, 2_000);
        exec("CREATE DATABASE test");
    }

    @AfterEach
    void close() {
        catalog.close();
        store.close();
    }

    long exec(String sql) {
        warnings = new Warnings();
        return ddl.execute(BasaltSqlParser.parse(sql), "test", warnings);
    }

    AbstractThrowableAssert<?, ? extends Throwable> error(String sql, int code, String message) {
        return assertThatThrownBy(() -> exec(sql)).isInstanceOf(MySqlException.class).hasMessage(message)
                .matches(e -> ((MySqlException) e).code() == code, "error code " + code);
    }

    TableDef table(String name) {
        return catalog.snapshot().table("test", name).orElseThrow();
    }

    /** Writes a row and its index entries as the DML engine does; returns the handle. */
    long insert(String tableName, Object... values) {
        TableDef t = table(tableName);
        long handle = t.hasHandleColumn() ? Handles.of(t, values) : catalog.autoIncrement().nextRowId(t);
        try (Transaction txn = store.begin()) {
            EncodedRow row = RowCodec.encode(t, values);
            txn.insert(TableKeys.rowKey(t.id(), handle), row.value());
            row.offRow().forEach(v -> txn.put(TableKeys.lobKey(t.id(), handle, v.columnId()), v.bytes()));
            for (IndexDef i : t.indexes()) {
                if (t.hasIndexEntries(i)) {
                    IndexEntry e = IndexKeys.entry(t, i, values, handle);
                    if (e.unique()) {
                        txn.insert(e.key(), e.value());
                    } else {
                        txn.putNoLock(e.key(), e.value());
                    }
                }
            }
            txn.commit(null);
        }
        return handle;
    }

    /** Every stored row of a table, decoded with its current definition. */
    List<Object[]> rows(String tableName) {
        TableDef t = table(tableName);
        List<Object[]> out = new ArrayList<>();
        try (Transaction txn = store.begin()) {
            for (KvPair p : txn.scan(TableKeys.rowPrefix(t.id()), TableKeys.rowRangeEnd(t.id()), 100_000, false)) {
                long handle = TableKeys.decodeHandle(p.key());
                out.add(RowCodec.decode(t, p.value(), StoredRows.snapshotOffRow(txn, t, handle)).values());
            }
        }
        return out;
    }

    /** Handles found in an index's entries, in key order. */
    List<Long> indexHandles(TableDef t, IndexDef index) {
        List<Long> out = new ArrayList<>();
        try (Transaction txn = store.begin()) {
            for (KvPair p : txn.scan(TableKeys.indexPrefix(t.id(), index.id()),
                    TableKeys.indexRangeEnd(t.id(), index.id()), 100_000, false)) {
                out.add(IndexKeys.handleOf(index, p.key(), p.value()));
            }
        }
        return out;
    }

    boolean rangeEmpty(byte[] start, byte[] end) {
        try (Transaction txn = store.begin()) {
            return txn.scan(start, end, 1, false).isEmpty();
        }
    }
}
