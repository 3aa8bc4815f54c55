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
 * GC removes old versions with RocksDB deletes, whose tombstones every later scan would step over; a round compacts
 * the span where it removed versions, so none are left, unless the store is closing (compactions cancelled).
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
