package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.txn.Transaction;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.RocksDB;

/**
 * GC removes old versions with RocksDB deletes, whose tombstones every later scan would step over; once they are as
 * many as a shard's live entries, or once a round removes nothing more on the shard and they are at least 256, a round
 * compacts the span where it removed versions, so none are left, unless the store is closing (compactions cancelled),
 * and reads the span back into the block cache.
 */
class GcCompactionTest extends ScenarioBase {
    private static final int ROWS = 200;

    @Test
    void gcRoundLeavesNoTombstonesInTheWriteColumnFamily() throws Exception {
        open(c -> c.gcLifeTimeMs = 0);
        writeThreeVersionsOfEveryRow();
        Shard shard = store.shard(shardOf(row(1)));

        long removed = store.gc().runOnce();

        assertThat(removed).as("two old versions of each row").isEqualTo(2L * ROWS);
        assertThat(deletions(shard, shard.writeCf())).as("tombstones left in the write CF").isZero();
        assertThat(readFresh(row(1))).isEqualTo("v3-1");
        assertThat(readFresh(row(ROWS))).isEqualTo("v3-" + ROWS);
    }

    @Test
    void aCompactedSpanIsReadBackIntoTheBlockCacheForReadsThatMustNotWait() throws Exception {
        open(c -> c.gcLifeTimeMs = 0);
        writeThreeVersionsOfEveryRow();

        store.gc().runOnce();

        Transaction t = store.begin(optimistic());
        try (NoWaitScope ignored = NoWaitScope.enter(100)) {
            assertThat(s(t.get(row(1)))).as("no block of the new files left to read from disk").isEqualTo("v3-1");
            assertThat(s(t.get(row(ROWS)))).isEqualTo("v3-" + ROWS);
        } finally {
            t.rollback();
        }
    }

    @Test
    void cancelledCompactionLeavesTheTombstonesAndTheRoundSucceeds() throws Exception {
        open(c -> c.gcLifeTimeMs = 0);
        writeThreeVersionsOfEveryRow();
        Shard shard = store.shard(shardOf(row(1)));
        shard.cancelCompactions();

        long removed = store.gc().runOnce();

        assertThat(removed).isEqualTo(2L * ROWS);
        assertThat(deletions(shard, shard.writeCf())).isEqualTo(2L * ROWS);
        assertThat(readFresh(row(ROWS))).isEqualTo("v3-" + ROWS);
    }

    @Test
    void tombstonesWaitForCompactionUntilTheyAreAsManyAsTheShardsLiveEntries() throws Exception {
        Shard shard = removeOldVersionsOfFirstRows(ROWS, 5);

        commitVersionOfRows(1, ROWS / 2, "v3-");
        letTimePass(5);
        assertThat(store.gc().runOnce()).isEqualTo(ROWS / 2);
        assertThat(deletions(shard, shard.writeCf())).as("105 tombstones, about half the live entries: not compacted")
                .isEqualTo(5 + ROWS / 2);

        commitVersionOfRows(ROWS / 2 + 1, ROWS, "v3-");
        letTimePass(5);
        assertThat(store.gc().runOnce()).isEqualTo(ROWS / 2);
        assertThat(deletions(shard, shard.writeCf())).as("205 tombstones, as many as the live entries: compacted")
                .isZero();
        assertThat(readFresh(row(3))).isEqualTo("v3-3");
        assertThat(readFresh(row(ROWS))).isEqualTo("v3-" + ROWS);
    }

    @Test
    void tombstonesAreCompactedOnceARoundRemovesNothingMore() throws Exception {
        Shard shard = removeOldVersionsOfFirstRows(4000, 256);

        letTimePass(5);
        assertThat(store.gc().runOnce()).isZero();

        assertThat(deletions(shard, shard.writeCf())).as("updates stopped: compacted").isZero();
        assertThat(readFresh(row(1))).isEqualTo("v2-1");
        assertThat(readFresh(row(256))).isEqualTo("v2-256");
    }

    @Test
    void aFewTombstonesStayWhenARoundRemovesNothingMore() throws Exception {
        Shard shard = removeOldVersionsOfFirstRows(ROWS, 5);

        letTimePass(5);
        assertThat(store.gc().runOnce()).isZero();

        assertThat(deletions(shard, shard.writeCf())).as("too few to pay for a compaction").isEqualTo(5);
        assertThat(readFresh(row(5))).isEqualTo("v2-5");
    }

    /**
     * One version of every row of {@code rows}, a second of rows 1 to {@code updated} (fewer than the rows),
     * one GC round: its {@code updated} tombstones stay.
     */
    private Shard removeOldVersionsOfFirstRows(int rows, int updated) throws Exception {
        open(c -> c.gcLifeTimeMs = 0);
        commitVersionOfRows(1, rows, "v1-");
        commitVersionOfRows(1, updated, "v2-");
        letTimePass(5);
        Shard shard = store.shard(shardOf(row(1)));
        assertThat(store.gc().runOnce()).isEqualTo(updated);
        assertThat(deletions(shard, shard.writeCf())).as("fewer than the live entries: not compacted")
                .isEqualTo(updated);
        return shard;
    }

    /** Commits {@code prefix + r} to rows {@code from..to}, up to 500 rows per transaction. */
    private void commitVersionOfRows(long from, long to, String prefix) {
        for (long first = from; first <= to; first += 500) {
            List<Object> pairs = new ArrayList<>();
            for (long r = first; r <= Math.min(to, first + 499); r++) {
                pairs.add(row(r));
                pairs.add(prefix + r);
            }
            commitValues(pairs.toArray());
        }
    }

    private void writeThreeVersionsOfEveryRow() {
        for (int v = 1; v <= 3; v++) {
            commitVersionOfRows(1, ROWS, "v" + v + "-");
        }
        letTimePass(5); // the safe point (now, logical 0) lies above the last commit
    }

    /** Deletion entries of a column family in its memtables and files. */
    private static long deletions(Shard shard, ColumnFamilyHandle cf) throws Exception {
        Field f = Shard.class.getDeclaredField("db");
        f.setAccessible(true);
        RocksDB db = (RocksDB) f.get(shard);
        long n = db.getLongProperty(cf, "rocksdb.num-deletes-active-mem-table")
                + db.getLongProperty(cf, "rocksdb.num-deletes-imm-mem-tables");
        for (LiveFileMetaData file : db.getLiveFilesMetaData()) {
            if (Arrays.equals(file.columnFamilyName(), cf.getName())) {
                n += file.numDeletions();
            }
        }
        return n;
    }
}
