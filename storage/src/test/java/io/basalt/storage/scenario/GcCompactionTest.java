package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.shard.Shard;
import java.lang.reflect.Field;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.RocksDB;

/**
 * GC removes old versions with RocksDB deletes, whose tombstones every later scan would step over; once they are a
 * tenth of a shard's entries, or once a round removes nothing more on the shard, a round compacts the span where it
 * removed versions, so none are left, unless the store is closing (compactions cancelled).
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
    void tombstonesWaitForCompactionUntilTheyAreATenthOfTheShardsEntries() throws Exception {
        Shard shard = removeFiveVersionsAmongAllRows();

        for (long r = 1; r <= 20; r++) {
            commitValues(row(r), "v3-" + r);
        }
        letTimePass(5);
        assertThat(store.gc().runOnce()).isEqualTo(20);
        assertThat(deletions(shard, shard.writeCf())).as("25 tombstones: compacted with the earlier ones").isZero();
        assertThat(readFresh(row(3))).isEqualTo("v3-3");
    }

    @Test
    void tombstonesAreCompactedOnceARoundRemovesNothingMore() throws Exception {
        Shard shard = removeFiveVersionsAmongAllRows();

        letTimePass(5);
        assertThat(store.gc().runOnce()).isZero();

        assertThat(deletions(shard, shard.writeCf())).as("updates stopped: compacted").isZero();
        assertThat(readFresh(row(1))).isEqualTo("v2-1");
        assertThat(readFresh(row(5))).isEqualTo("v2-5");
    }

    /** One version of every row, a second of rows 1–5, one GC round: 5 tombstones among ~200 entries stay. */
    private Shard removeFiveVersionsAmongAllRows() throws Exception {
        open(c -> c.gcLifeTimeMs = 0);
        for (long r = 1; r <= ROWS; r++) {
            commitValues(row(r), "v1-" + r);
        }
        for (long r = 1; r <= 5; r++) {
            commitValues(row(r), "v2-" + r);
        }
        letTimePass(5);
        Shard shard = store.shard(shardOf(row(1)));
        assertThat(store.gc().runOnce()).isEqualTo(5);
        assertThat(deletions(shard, shard.writeCf())).as("below a tenth of the entries: not compacted").isEqualTo(5);
        return shard;
    }

    private void writeThreeVersionsOfEveryRow() {
        for (int v = 1; v <= 3; v++) {
            for (long r = 1; r <= ROWS; r++) {
                commitValues(row(r), "v" + v + "-" + r);
            }
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
