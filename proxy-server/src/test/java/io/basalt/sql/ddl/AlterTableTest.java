package io.basalt.sql.ddl;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.testing.Await;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DDL over tables that hold rows written with the row codec: backfills, no-rewrite column changes, TRUNCATE. */
class AlterTableTest extends DdlTestBase {

    private void sysbenchTable(int rows) {
        exec("CREATE TABLE sbtest1 (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL,"
                + " c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id))");
        for (long i = 1; i <= rows; i++) {
            insert("sbtest1", i, i % 7, "c" + i, "pad");
        }
    }

    @Test
    void addIndexBackfillsExistingRows() {
        sysbenchTable(1200);
        exec("CREATE INDEX k_1 ON sbtest1(k)");
        TableDef t = table("sbtest1");
        IndexDef k1 = t.index("k_1").orElseThrow();
        List<Long> handles = indexHandles(t, k1);
        assertThat(handles).hasSize(1200).doesNotHaveDuplicates();
        // entries are in (k, handle) order: the first are the rows with k = 0
        assertThat(handles.subList(0, 3)).containsExactly(7L, 14L, 21L);
        assertThat(store.regions().shardOf(TableKeys.indexPrefix(t.id(), k1.id())))
                .isNotEqualTo(store.regions().shardOf(TableKeys.rowKey(t.id(), 1)));
    }

    @Test
    void uniqueBackfillMeetingADuplicateFailsAndLeavesNoIndex() throws Exception {
        sysbenchTable(1000);
        insert("sbtest1", 5000L, 3L, "c5", "other");
        TableDef before = table("sbtest1");
        error("ALTER TABLE sbtest1 ADD UNIQUE KEY uc (c)", 1062, "Duplicate entry 'c5' for key 'uc'");
        TableDef after = table("sbtest1");
        assertThat(after.indexes()).extracting(IndexDef::name).containsExactly("PRIMARY");
        assertThat(after.columns()).isEqualTo(before.columns());
        long failedIndexId = before.nextIndexId();
        Await.until("entries of the failed index are deleted", () -> rangeEmpty(
                TableKeys.indexPrefix(after.id(), failedIndexId), TableKeys.indexRangeEnd(after.id(), failedIndexId)));
        // the failed index's id is never reused
        exec("ALTER TABLE sbtest1 ADD UNIQUE KEY up (id, pad)");
        assertThat(table("sbtest1").index("up").orElseThrow().id()).isGreaterThan(failedIndexId);
        assertThat(indexHandles(table("sbtest1"), table("sbtest1").index("up").orElseThrow())).hasSize(1001);
    }

    @Test
    void uniqueBackfillFindsADuplicateWithinOneBatch() {
        sysbenchTable(10);
        error("CREATE UNIQUE INDEX uk ON sbtest1 (k)", 1062, "Duplicate entry '1' for key 'uk'");
        assertThat(table("sbtest1").index("uk")).isEmpty();
    }

    @Test
    void addColumnGivesOldRowsTheDefault() {
        exec("CREATE TABLE t (id int primary key, a int)");
        insert("t", 1L, 10L);
        exec("ALTER TABLE t ADD COLUMN n int NOT NULL, ADD COLUMN s varchar(5) NOT NULL FIRST,"
                + " ADD COLUMN d int DEFAULT 7 AFTER id, ADD COLUMN z int, ADD COLUMN tm time NOT NULL,"
                + " ADD COLUMN e enum('p','q') NOT NULL");
        assertThat(table("t").columns()).extracting(ColumnDef::name)
                .containsExactly("s", "id", "d", "a", "n", "z", "tm", "e");
        assertThat(rows("t")).containsExactly(new Object[] {"", 1L, 7L, 10L, 0L, null, Duration.ZERO, "p"});
        insert("t", "x", 2L, 8L, 20L, 5L, 6L, Duration.ofSeconds(1), "q");
        assertThat(rows("t")).hasSize(2);
    }

    @Test
    void addNotNullDateColumnNeedsAnEmptyTable() {
        exec("CREATE TABLE t (id int primary key)");
        exec("CREATE TABLE vacant (id int primary key)");
        insert("t", 1L);
        error("ALTER TABLE t ADD COLUMN d date NOT NULL", 1292,
                "Incorrect date value: '0000-00-00' for column 'd' at row 1");
        exec("ALTER TABLE vacant ADD COLUMN d date NOT NULL");
        exec("ALTER TABLE t ADD COLUMN d date NOT NULL DEFAULT '2024-02-29'");
        assertThat(rows("t").get(0)[1]).hasToString("2024-02-29");
    }

    @Test
    void dropColumnSkipsStaleValuesAndRebuildsIndexes() throws Exception {
        exec("CREATE TABLE t (id int primary key, a int, b varchar(10), key ka (a), key kab (a, b), unique ub (b))");
        insert("t", 1L, 10L, "x");
        insert("t", 2L, 20L, "y");
        TableDef before = table("t");
        exec("ALTER TABLE t DROP COLUMN a");
        TableDef after = table("t");
        assertThat(rows("t")).containsExactly(new Object[] {1L, "x"}, new Object[] {2L, "y"});
        assertThat(after.indexes()).extracting(IndexDef::name).containsExactly("PRIMARY", "ub", "kab");
        IndexDef kab = after.index("kab").orElseThrow();
        assertThat(kab.columns()).hasSize(1);
        assertThat(kab.id()).isNotEqualTo(before.index("kab").orElseThrow().id());
        assertThat(indexHandles(after, kab)).containsExactly(1L, 2L);
        long ka = before.index("ka").orElseThrow().id();
        Await.until("entries of the dropped index are deleted",
                () -> rangeEmpty(TableKeys.indexPrefix(after.id(), ka), TableKeys.indexRangeEnd(after.id(), ka)));
        exec("ALTER TABLE t ADD COLUMN a int");
        assertThat(rows("t")).as("a re-added column does not see the dropped column's values")
                .containsExactly(new Object[] {1L, "x", null}, new Object[] {2L, "y", null});
    }

    @Test
    void modifyColumn() {
        exec("CREATE TABLE t (id int primary key, a int, b varchar(10), key kb (b))");
        exec("CREATE TABLE e (id int primary key, a int)");
        insert("t", 1L, null, "x");
        exec("ALTER TABLE t MODIFY a bigint, CHANGE b bb varchar(20) NOT NULL DEFAULT 'q'");
        assertThat(rows("t")).containsExactly(new Object[] {1L, null, "x"});
        assertThat(table("t").column("bb").orElseThrow().nullable()).isFalse();
        error("ALTER TABLE t MODIFY a varchar(10)", 1235, "This version of Basalt doesn't yet support 'changing"
                + " column 'a' from bigint(20) to varchar(10) of a table with rows'");
        error("ALTER TABLE t MODIFY a bigint NOT NULL", 1265, "Data truncated for column 'a' at row 1");
        exec("ALTER TABLE e MODIFY a varchar(10)");
        assertThat(table("e").column("a").orElseThrow().type().kind().name()).isEqualTo("VARCHAR");
    }

    @Test
    void addPrimaryKeyChecksForNulls() {
        exec("CREATE TABLE t (a int, b int)");
        insert("t", null, 1L);
        error("ALTER TABLE t ADD PRIMARY KEY (a)", 1265, "Data truncated for column 'a' at row 1");
        exec("ALTER TABLE t ADD PRIMARY KEY (b)");
        TableDef t = table("t");
        assertThat(t.hasHandleColumn()).as("rows keep their hidden row ids").isFalse();
        assertThat(indexHandles(t, t.primaryKey().orElseThrow())).hasSize(1);
        exec("CREATE TABLE e (a int)");
        exec("ALTER TABLE e ADD PRIMARY KEY (a)");
        assertThat(table("e").hasHandleColumn()).as("an empty table switches to the integer key handle").isTrue();
    }

    @Test
    void dropPrimaryKeyHandleMovesRowsToHiddenIdsAboveTheOldHandles() {
        exec("CREATE TABLE t (id bigint primary key, v int)");
        insert("t", 1L, 1L);
        insert("t", 900L, 2L);
        exec("ALTER TABLE t DROP PRIMARY KEY");
        TableDef t = table("t");
        assertThat(t.hasHandleColumn()).isFalse();
        assertThat(t.primaryKey()).isEmpty();
        assertThat(insert("t", 5L, 3L)).isEqualTo(901L);
        assertThat(rows("t")).hasSize(3);
    }

    @Test
    void truncateGivesANewIdResetsAutoIncrementAndDeletesOldRows() throws Exception {
        exec("CREATE TABLE t (id int auto_increment primary key, v int) AUTO_INCREMENT=100");
        TableDef before = table("t");
        assertThat(catalog.autoIncrement().next(before)).isEqualTo(100);
        insert("t", 100L, 1L);
        exec("TRUNCATE TABLE t");
        TableDef after = table("t");
        assertThat(after.id()).isNotEqualTo(before.id());
        assertThat(after.columns()).isEqualTo(before.columns());
        assertThat(rows("t")).isEmpty();
        assertThat(catalog.autoIncrement().next(after)).isEqualTo(1);
        Await.until("old rows are deleted", () -> rangeEmpty(TableKeys.tablePrefix(before.id()),
                TableKeys.prefixEnd(TableKeys.tablePrefix(before.id()))));
    }

    @Test
    void renameAcrossDatabasesKeepsTheData() {
        exec("CREATE DATABASE other");
        exec("CREATE TABLE t (id int primary key, v int)");
        insert("t", 1L, 2L);
        long id = table("t").id();
        exec("RENAME TABLE t TO other.moved");
        assertThat(catalog.snapshot().table("test", "t")).isEmpty();
        TableDef moved = catalog.snapshot().table("other", "moved").orElseThrow();
        assertThat(moved.id()).isEqualTo(id);
        assertThat(moved.database()).isEqualTo("other");
        exec("CREATE TABLE a (x int)");
        exec("CREATE TABLE b (y int)");
        exec("RENAME TABLE a TO tmp, b TO a, tmp TO b");
        assertThat(table("a").columns().get(0).name()).isEqualTo("y");
        assertThat(table("b").columns().get(0).name()).isEqualTo("x");
        exec("ALTER TABLE a RENAME TO c");
        assertThat(table("c").columns().get(0).name()).isEqualTo("y");
    }

    @Test
    void createTableLikeCopiesTheDefinitionWithoutData() {
        exec("CREATE TABLE src (id int auto_increment primary key, v varchar(5) default 'x', key kv (v))"
                + " AUTO_INCREMENT=50");
        insert("src", 1L, "a");
        exec("CREATE TABLE copy LIKE src");
        TableDef copy = table("copy");
        assertThat(copy.id()).isNotEqualTo(table("src").id());
        assertThat(copy.columns()).isEqualTo(table("src").columns());
        assertThat(copy.indexes()).isEqualTo(table("src").indexes());
        assertThat(rows("copy")).isEmpty();
        assertThat(catalog.autoIncrement().next(copy)).isEqualTo(1);
    }

    @Test
    void modifyAddingAutoIncrementContinuesAfterTheLargestValue() {
        exec("CREATE TABLE t (id int, v int, key (id))");
        insert("t", 41L, 1L);
        insert("t", 7L, 1L);
        exec("ALTER TABLE t MODIFY id int NOT NULL AUTO_INCREMENT");
        assertThat(catalog.autoIncrement().next(table("t"))).isEqualTo(42);
    }
}
