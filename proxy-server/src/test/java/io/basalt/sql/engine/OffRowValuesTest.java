package io.basalt.sql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.row.RowCodec;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.txn.Transaction;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Long string and binary values live off-row, under their own keys: every way of reading a row returns them, an
 * UPDATE that leaves them alone does not write them again, and changing, shortening, moving or deleting the row
 * keeps their keys in step. The stored keys and their versions are read straight from the store.
 */
class OffRowValuesTest extends EngineSessionTestBase {
    private static final int LONG = RowCodec.OFF_ROW_THRESHOLD + 100;

    @BeforeEach
    void createTable() {
        f.exec(s, "CREATE TABLE t (id INT PRIMARY KEY, a INT NOT NULL, doc LONGTEXT, img LONGBLOB, KEY ka (a))");
        f.exec(s, "INSERT INTO t VALUES (1, 0, REPEAT('x', " + LONG + "), REPEAT('y', " + LONG + "))");
    }

    private TableDef table() {
        return f.catalog.snapshot().table("d", "t").orElseThrow();
    }

    private byte[] lobKey(long handle, String column) {
        TableDef t = table();
        int id = t.columns().stream().filter(c -> c.name().equals(column)).findFirst().orElseThrow().id();
        return TableKeys.lobKey(t.id(), handle, id);
    }

    /** The committed Put/Delete versions of a key, newest first, as "PUT"/"DELETE". */
    private List<String> dataVersions(byte[] key) {
        Shard shard = f.store.shard(f.store.regions().shardOf(key));
        try (MvccReader r = new MvccReader(shard.snapshot())) {
            return r.writesBetween(key, 0, Long.MAX_VALUE).stream().map(VersionedWrite::write)
                    .filter(w -> w.isDataChange()).map(w -> w.type.name()).toList();
        }
    }

    private byte[] stored(byte[] key) {
        try (Transaction txn = f.store.begin()) {
            return txn.get(key);
        }
    }

    private List<Object> row(String sql) {
        return f.exec(s, sql).rows().get(0);
    }

    @Test
    void aLongValueIsStoredUnderItsOwnKeyAndReadBackByEveryPath() {
        assertThat(stored(lobKey(1, "doc"))).hasSize(LONG);
        assertThat(stored(lobKey(1, "img"))).hasSize(LONG);
        assertThat(stored(TableKeys.rowKey(table().id(), 1)).length).isLessThan(40);
        f.exec(s, "INSERT INTO t VALUES (2, 5, 'short', REPEAT('z', " + LONG + "))");

        String check = "LENGTH(doc), doc = REPEAT('x', " + LONG + "), LENGTH(img), img = REPEAT('y', " + LONG + ")";
        List<Object> expected = List.of((long) LONG, 1L, (long) LONG, 1L);
        assertThat(longs(row("SELECT " + check + " FROM t WHERE id = 1"))).isEqualTo(expected); // point get
        assertThat(longs(row("SELECT " + check + " FROM t WHERE id BETWEEN 0 AND 1"))).isEqualTo(expected); // range
        assertThat(longs(row("SELECT " + check + " FROM t WHERE a = 0"))).isEqualTo(expected); // index lookup
        assertThat(longs(row("SELECT " + check + " FROM t WHERE doc LIKE 'xx%'"))).isEqualTo(expected); // full scan
        assertThat(longs(row("SELECT COUNT(*), SUM(LENGTH(img)) FROM t"))).containsExactly(2L, 2L * LONG);
        assertThat(longs(row("SELECT doc, LENGTH(img) FROM t WHERE id IN (1, 2) ORDER BY id DESC")))
                .containsExactly("short", (long) LONG);
    }

    @Test
    void anUpdateThatLeavesTheLongColumnsAloneDoesNotRewriteThem() {
        f.exec(s, "UPDATE t SET a = a + 1 WHERE id = 1");
        f.exec(s, "BEGIN");
        f.exec(s, "UPDATE t SET a = a + 1 WHERE id = 1"); // a pessimistic locking read of the row
        f.exec(s, "COMMIT");
        f.exec(s, "INSERT INTO t VALUES (1, 0, 'dup', NULL) ON DUPLICATE KEY UPDATE a = a + 1");

        assertThat(dataVersions(lobKey(1, "doc"))).containsExactly("PUT");
        assertThat(dataVersions(lobKey(1, "img"))).containsExactly("PUT");
        assertThat(longs(row("SELECT a, LENGTH(doc), LENGTH(img) FROM t WHERE id = 1")))
                .containsExactly(3L, (long) LONG, (long) LONG);

        f.exec(s, "UPDATE t SET doc = CONCAT(doc, 'z') WHERE id = 1");
        assertThat(dataVersions(lobKey(1, "doc"))).containsExactly("PUT", "PUT");
        assertThat(dataVersions(lobKey(1, "img"))).containsExactly("PUT");
        assertThat(longs(row("SELECT LENGTH(doc), RIGHT(doc, 2) FROM t WHERE id = 1")))
                .containsExactly(LONG + 1L, "xz");
    }

    @Test
    void aStatementThatWouldReadAVeryLongValueIsHandedFromTheEventLoopBeforeReadingIt() {
        f.exec(s, "INSERT INTO t VALUES (2, 0, REPEAT('e', 262144), NULL)");
        PreparedQuery update = f.engine.prepare(s, "UPDATE t SET a = a + 1 WHERE id = ?");
        f.exec(s, "BEGIN");

        assertThat(f.execWithoutWaiting(s, update, 2L)).as("handed back").isNull();
        assertThat(f.noWait("handed_off")).isEqualTo(1);
        assertThat(f.execWithoutWaiting(s, update, 1L).affected()).as("a row of shorter long values runs there")
                .isEqualTo(1);
        assertThat(f.noWait("ran")).isEqualTo(1);
        assertThat(f.exec(s, "UPDATE t SET a = a + 1 WHERE id = 2").affected()).as("on a worker").isEqualTo(1);
        f.exec(s, "COMMIT");
        assertThat(longs(row("SELECT a, LENGTH(doc) FROM t WHERE id = 2"))).as("updated once")
                .containsExactly(1L, 262144L);
    }

    @Test
    void shorteningLengtheningMovingAndDeletingKeepTheKeysInStep() {
        f.exec(s, "UPDATE t SET doc = 'now short' WHERE id = 1");
        assertThat(stored(lobKey(1, "doc"))).isNull();
        assertThat(dataVersions(lobKey(1, "doc"))).containsExactly("DELETE", "PUT");
        assertThat(row("SELECT doc FROM t WHERE id = 1")).containsExactly("now short");

        f.exec(s, "UPDATE t SET doc = REPEAT('q', " + LONG + ") WHERE id = 1");
        assertThat(stored(lobKey(1, "doc"))).hasSize(LONG);

        f.exec(s, "UPDATE t SET id = 7 WHERE id = 1"); // a new handle: the values move with the row
        assertThat(stored(lobKey(1, "doc"))).isNull();
        assertThat(stored(lobKey(1, "img"))).isNull();
        assertThat(stored(lobKey(7, "doc"))).hasSize(LONG);
        assertThat(longs(row("SELECT LENGTH(doc), LENGTH(img) FROM t WHERE id = 7")))
                .containsExactly((long) LONG, (long) LONG);

        f.exec(s, "REPLACE INTO t VALUES (7, 1, 'replaced', NULL)");
        assertThat(stored(lobKey(7, "doc"))).isNull();
        assertThat(stored(lobKey(7, "img"))).isNull();
        assertThat(row("SELECT doc, img FROM t WHERE id = 7")).containsExactly("replaced", null);

        f.exec(s, "INSERT INTO t VALUES (8, 2, REPEAT('w', " + LONG + "), NULL)");
        f.exec(s, "DELETE FROM t WHERE id = 8");
        assertThat(stored(lobKey(8, "doc"))).isNull();
        assertThat(dataVersions(lobKey(8, "doc"))).containsExactly("DELETE", "PUT");
    }

    @Test
    void aRolledBackChangeLeavesTheStoredValueAndOwnWritesAreRead() {
        f.exec(s, "BEGIN");
        f.exec(s, "UPDATE t SET doc = REPEAT('n', " + (LONG + 1) + ") WHERE id = 1");
        assertThat(longs(row("SELECT LENGTH(doc), LEFT(doc, 1) FROM t WHERE id = 1")))
                .containsExactly(LONG + 1L, "n");
        f.exec(s, "ROLLBACK");
        assertThat(longs(row("SELECT LENGTH(doc), LEFT(doc, 1) FROM t WHERE id = 1")))
                .containsExactly((long) LONG, "x");
        assertThat(dataVersions(lobKey(1, "doc"))).containsExactly("PUT");
    }

    @Test
    void addingAnIndexAndADroppedColumnReadThroughOffRowValues() {
        f.exec(s, "INSERT INTO t VALUES (2, 9, REPEAT('v', " + LONG + "), NULL)");
        f.exec(s, "ALTER TABLE t ADD INDEX kdoc (doc(4))");
        assertThat(longs(row("SELECT COUNT(*) FROM t WHERE doc LIKE 'vvvv%'"))).containsExactly(1L);

        byte[] img = lobKey(1, "img");
        f.exec(s, "ALTER TABLE t DROP COLUMN img");
        assertThat(longs(row("SELECT a, LENGTH(doc) FROM t WHERE id = 1"))).containsExactly(0L, (long) LONG);
        f.exec(s, "DELETE FROM t WHERE id = 1"); // also removes the dropped column's value
        assertThat(stored(img)).isNull();
    }

    /** Integers as longs, so expectations need not care which integer class a result column uses. */
    private static List<Object> longs(List<Object> row) {
        return row.stream().map(v -> v instanceof Number n && !(v instanceof Double) ? (Object) n.longValue() : v)
                .toList();
    }
}
