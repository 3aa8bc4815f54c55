package io.basalt.storage.shard;

import static io.basalt.storage.testing.StoreFixture.bytes;
import static io.basalt.storage.testing.StoreFixture.row;
import static io.basalt.storage.testing.StoreFixture.str;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.config.RocksDbConfig;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.txn.Transaction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

class LegacyShardMigrationTest extends EngineTestBase {
    private static final List<String> CFS = List.of(Shard.CF_DEFAULT, Shard.CF_LOCK, Shard.CF_WRITE, Shard.CF_META);

    /** Writes {@code key} = {@code value} into column family {@code cf} of a database in the old layout. */
    private void putLegacy(int shard, String cf, byte[] key, byte[] value) throws Exception {
        withLegacyShard(shard, (db, handles) -> {
            try (WriteOptions sync = new WriteOptions().setSync(true)) {
                db.put(handles.get(CFS.indexOf(cf)), sync, key, value);
            }
        });
    }

    interface LegacyAction {
        void run(RocksDB db, List<ColumnFamilyHandle> handles) throws Exception;
    }

    private void withLegacyShard(int shard, LegacyAction action) throws Exception {
        RocksDB.loadLibrary();
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        List<ColumnFamilyOptions> options = new ArrayList<>();
        for (String cf : CFS) {
            ColumnFamilyOptions o = new ColumnFamilyOptions();
            options.add(o);
            descriptors.add(new ColumnFamilyDescriptor(cf.getBytes(StandardCharsets.UTF_8), o));
        }
        Path path = dir.resolve("shards").resolve(String.format("%02d", shard));
        Files.createDirectories(path);
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions o = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
             RocksDB db = RocksDB.open(o, path.toString(), descriptors, handles)) {
            action.run(db, handles);
        } finally {
            handles.forEach(ColumnFamilyHandle::close);
            options.forEach(ColumnFamilyOptions::close);
        }
    }

    private void migrate(int shards) {
        LegacyShardMigration.runIfNeeded(dir, dir.resolve("engine"), new RocksDbConfig(), cache(), shards);
    }

    private static byte[] read(Shard shard, ColumnFamilyHandle cf, byte[] key) {
        try (ShardSnapshot snap = shard.snapshot()) {
            return snap.get(cf, key);
        }
    }

    @Test
    void everyColumnFamilyOfEveryOldShardMovesIntoItsShardOfTheEngine() throws Exception {
        byte[] large = new byte[64 * 1024];
        Arrays.fill(large, (byte) 7);
        putLegacy(0, Shard.CF_DEFAULT, bytes("v"), large);
        putLegacy(0, Shard.CF_LOCK, MvccKeys.encodeUserKey(bytes("l")), bytes("lock0"));
        putLegacy(1, Shard.CF_WRITE, bytes("w"), bytes("write1"));
        putLegacy(1, Shard.CF_META, bytes("m"), bytes("meta1"));

        migrate(2);

        assertThat(dir.resolve("shards")).doesNotExist();
        assertThat(dir.resolve("engine.migrating")).doesNotExist();
        try (ShardEngine engine = openEngine(2, 0)) {
            Shard s0 = engine.shard(0);
            Shard s1 = engine.shard(1);
            assertThat(read(s0, s0.defaultCf(), bytes("v"))).isEqualTo(large);
            assertThat(str(read(s0, s0.lockCf(), MvccKeys.encodeUserKey(bytes("l"))))).isEqualTo("lock0");
            assertThat(s0.lockedKeys().contains(bytes("l"))).as("a moved lock is named").isTrue();
            assertThat(str(read(s1, s1.writeCf(), bytes("w")))).isEqualTo("write1");
            assertThat(str(read(s1, s1.metaCf(), bytes("m")))).isEqualTo("meta1");
            assertThat(read(s0, s0.writeCf(), bytes("w"))).as("stays in its own shard").isNull();
        }
    }

    @Test
    void aCopyInterruptedBeforeTheRenameIsDiscardedAndMadeAgain() throws Exception {
        putLegacy(0, Shard.CF_WRITE, bytes("w"), bytes("kept"));
        Path half = Files.createDirectories(dir.resolve("engine.migrating"));
        Files.writeString(half.resolve("000001.log"), "torn");

        migrate(1);

        assertThat(half).doesNotExist();
        assertThat(dir.resolve("shards")).doesNotExist();
        try (ShardEngine engine = openEngine(1, 0)) {
            assertThat(str(read(engine.shard(0), engine.shard(0).writeCf(), bytes("w")))).isEqualTo("kept");
        }
    }

    @Test
    void oldShardsLeftAfterTheRenameAreOnlyDeleted() throws Exception {
        try (ShardEngine engine = openEngine(1, 0)) {
            try (WriteBatch b = new WriteBatch()) {
                b.put(engine.shard(0).writeCf(), bytes("w"), bytes("engine"));
                engine.shard(0).write(b, true);
            }
        }
        putLegacy(0, Shard.CF_WRITE, bytes("w"), bytes("old"));

        migrate(1);

        assertThat(dir.resolve("shards")).doesNotExist();
        try (ShardEngine engine = openEngine(1, 0)) {
            assertThat(str(read(engine.shard(0), engine.shard(0).writeCf(), bytes("w")))).isEqualTo("engine");
        }
    }

    @Test
    void aStoreWrittenInTheOldLayoutOpensWithItsCommittedRows() throws Exception {
        StoreConfig cfg = StoreFixture.config(dir);
        try (TxnStore store = StoreFixture.open(dir)) {
            Transaction t = store.begin();
            t.put(row(1), bytes("one"));
            t.put(row(2), bytes("two"));
            t.commit(null);
        }
        splitIntoLegacyLayout(cfg.shards);
        assertThat(dir.resolve("engine")).doesNotExist();

        try (TxnStore store = StoreFixture.open(dir)) {
            Transaction t = store.begin();
            assertThat(str(t.get(row(1)))).isEqualTo("one");
            assertThat(str(t.get(row(2)))).isEqualTo("two");
            t.rollback();
        }
        assertThat(dir.resolve("shards")).doesNotExist();
    }

    /** Writes the engine's shards back as one database each, as a store before the shared engine kept them. */
    private void splitIntoLegacyLayout(int shards) throws Exception {
        try (ShardEngine engine = openEngine(shards, 0)) {
            for (int s = 0; s < shards; s++) {
                Shard from = engine.shard(s);
                List<ColumnFamilyHandle> source = List.of(from.defaultCf(), from.lockCf(), from.writeCf(),
                        from.metaCf());
                withLegacyShard(s, (db, handles) -> {
                    for (int i = 0; i < CFS.size(); i++) {
                        try (ShardSnapshot snap = from.snapshot();
                             BoundedIterator it = snap.iterator(source.get(i), null, null)) {
                            for (it.seekToFirst(); it.valid(); it.next()) {
                                db.put(handles.get(i), it.key(), it.value());
                            }
                        }
                    }
                });
            }
        }
        try (var paths = Files.walk(dir.resolve("engine"))) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
