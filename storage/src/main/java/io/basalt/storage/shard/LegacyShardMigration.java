package io.basalt.storage.shard;

import io.basalt.storage.DirSync;
import io.basalt.storage.config.RocksDbConfig;
import io.basalt.storage.error.DiskErrorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a data directory written before the shards shared one RocksDB (one database per shard, {@code shards/NN})
 * into the {@link ShardEngine} layout, once, when the store opens: every entry of each old shard's column families
 * is copied into a new engine built in {@code engine.migrating}, which is synced and closed, renamed to the engine's
 * directory, and only then are the old databases deleted. A crash before the rename leaves the old layout untouched
 * (the half-built copy is removed at the next open); a crash after it leaves only the old directory to delete.
 */
public final class LegacyShardMigration {
    private static final Logger LOG = LoggerFactory.getLogger(LegacyShardMigration.class);
    static final String LEGACY_DIR = "shards";
    private static final long BATCH_BYTES = 4L << 20;

    private LegacyShardMigration() {
    }

    /** Migrates {@code dataDir}'s old shards into {@code engineDir} if there are any; a no-op otherwise. */
    public static void runIfNeeded(Path dataDir, Path engineDir, RocksDbConfig cfg, Cache blockCache,
                                   int shardCount) {
        Path legacy = dataDir.resolve(LEGACY_DIR);
        Path building = engineDir.resolveSibling(engineDir.getFileName() + ".migrating");
        try {
            deleteTree(building);
            if (!Files.isDirectory(legacy)) {
                return;
            }
            if (Files.isDirectory(engineDir)) {
                LOG.info("removing {}: its shards were moved into {} before the last stop", legacy, engineDir);
                deleteTree(legacy);
                return;
            }
            List<Path> old = legacyShards(legacy);
            LOG.info("moving {} shards from one RocksDB each ({}) into one RocksDB with one WAL ({})", old.size(),
                    legacy, engineDir);
            try (ShardEngine engine = ShardEngine.open(building, cfg, blockCache,
                    Math.max(shardCount, old.size()), 0)) {
                for (int s = 0; s < old.size(); s++) {
                    long entries = copyShard(old.get(s), engine.shard(s));
                    LOG.info("moved shard {} of {}: {} entries", s + 1, old.size(), entries);
                }
            }
            Files.move(building, engineDir);
            DirSync.sync(dataDir);
            deleteTree(legacy);
            DirSync.sync(dataDir);
            LOG.info("shards moved; {} deleted", legacy);
        } catch (IOException e) {
            throw new DiskErrorException("cannot move the shards of " + legacy + " into " + engineDir + ": "
                    + e.getMessage(), e);
        }
    }

    private static List<Path> legacyShards(Path legacy) throws IOException {
        List<Path> out = new ArrayList<>();
        for (int s = 0; Files.isDirectory(legacy.resolve(String.format("%02d", s))); s++) {
            out.add(legacy.resolve(String.format("%02d", s)));
        }
        return out;
    }

    /** Copies the four column families of one old shard database into {@code target}; returns the entries copied. */
    private static long copyShard(Path dir, Shard target) {
        List<ColumnFamilyOptions> cfos = new ArrayList<>();
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (String cf : List.of(Shard.CF_DEFAULT, Shard.CF_LOCK, Shard.CF_WRITE, Shard.CF_META)) {
            ColumnFamilyOptions o = new ColumnFamilyOptions();
            cfos.add(o);
            descriptors.add(new ColumnFamilyDescriptor(cf.getBytes(StandardCharsets.UTF_8), o));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        List<ColumnFamilyHandle> into = List.of(target.defaultCf(), target.lockCf(), target.writeCf(),
                target.metaCf());
        long entries = 0;
        try (DBOptions dbo = new DBOptions().setCreateIfMissing(false);
             RocksDB db = RocksDB.open(dbo, dir.toString(), descriptors, handles)) {
            for (int i = 0; i < handles.size(); i++) {
                entries += copyColumnFamily(db, handles.get(i), target, into.get(i));
            }
        } catch (RocksDBException e) {
            throw new DiskErrorException("cannot read the old shard " + dir + ": " + e.getMessage(), e);
        } finally {
            handles.forEach(ColumnFamilyHandle::close);
            cfos.forEach(ColumnFamilyOptions::close);
        }
        return entries;
    }

    private static long copyColumnFamily(RocksDB from, ColumnFamilyHandle source, Shard target,
                                         ColumnFamilyHandle dest) throws RocksDBException {
        long entries = 0;
        try (RocksIterator it = from.newIterator(source)) {
            WriteBatch batch = new WriteBatch();
            try {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    batch.put(dest, it.key(), it.value());
                    entries++;
                    if (batch.getDataSize() >= BATCH_BYTES) {
                        // unsynced: the engine syncs its WAL when it closes, before the rename
                        target.write(batch, false);
                        batch.close();
                        batch = new WriteBatch();
                    }
                }
                it.status();
                target.write(batch, false);
            } finally {
                batch.close();
            }
        }
        return entries;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
