package io.basalt.storage.shard;

import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.config.RocksDbConfig;
import io.basalt.storage.error.DiskErrorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * The RocksDB instance that holds every shard of a store: shard {@code n} is the four column families
 * {@code NN.default}, {@code NN.lock}, {@code NN.write} and {@code NN.meta} (RocksDB's own {@code default} column
 * family stays empty), and all shards share one WAL. A write batch still touches one shard only, so a shard remains
 * the unit of atomic write and the commit paths are those of separate shards; but the WAL is synced as a prefix, so
 * one fsync makes every earlier write of every shard durable, and concurrent synced writes of different shards share
 * a WAL group. (With one RocksDB per shard, each WAL was its own fsync stream on the same disk: a transaction spanning
 * two shards paid two.) Thread-safe; opened and closed by the store, after its shards.
 */
public final class ShardEngine implements AutoCloseable {
    private static final List<String> SHARD_CFS = List.of(Shard.CF_DEFAULT, Shard.CF_LOCK, Shard.CF_WRITE,
            Shard.CF_META);

    private final RocksDB db;
    private final DBOptions dbOptions;
    private final List<ColumnFamilyOptions> cfOptions;
    private final List<ColumnFamilyHandle> handles;
    private final List<Shard> shards;

    private ShardEngine(RocksDB db, DBOptions dbOptions, List<ColumnFamilyOptions> cfOptions,
                        List<ColumnFamilyHandle> handles, List<Shard> shards) {
        this.db = db;
        this.dbOptions = dbOptions;
        this.cfOptions = cfOptions;
        this.handles = handles;
        this.shards = shards;
    }

    /**
     * Opens (creating if needed) the engine in {@code dir} with at least {@code shardCount} shards; a directory made
     * with more keeps them all (a count can be raised, not lowered: every column family must be opened).
     *
     * @param pessimisticLockBudgetBytes memory per shard for in-memory pessimistic locks (0: all go to the lock CF)
     */
    public static ShardEngine open(Path dir, RocksDbConfig cfg, Cache blockCache, int shardCount,
                                   long pessimisticLockBudgetBytes) {
        RocksDB.loadLibrary();
        DBOptions dbo = new DBOptions()
                .setCreateIfMissing(true)
                .setCreateMissingColumnFamilies(true)
                .setEnablePipelinedWrite(cfg.enablePipelinedWrite)
                .setAllowConcurrentMemtableWrite(cfg.allowConcurrentMemtableWrite)
                .setEnableWriteThreadAdaptiveYield(cfg.enableWriteThreadAdaptiveYield)
                .setBytesPerSync(cfg.bytesPerSyncKb * 1024L)
                .setWalBytesPerSync(cfg.walBytesPerSyncKb * 1024L)
                .setMaxTotalWalSize(cfg.maxTotalWalSizeMb * 1024 * 1024)
                .setMaxBackgroundJobs(cfg.maxBackgroundJobs)
                .setKeepLogFileNum(3);
        List<ColumnFamilyOptions> cfos = new ArrayList<>();
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            int count = Math.max(shardCount, existingShards(dir));
            List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
            ColumnFamilyOptions unused = new ColumnFamilyOptions();
            cfos.add(unused);
            descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, unused));
            for (int s = 0; s < count; s++) {
                for (String cf : SHARD_CFS) {
                    ColumnFamilyOptions o = columnFamilyOptions(cfg, blockCache, cf);
                    cfos.add(o);
                    descriptors.add(new ColumnFamilyDescriptor(cfName(s, cf), o));
                }
            }
            RocksDB db = RocksDB.open(dbo, dir.toString(), descriptors, handles);
            List<Shard> shards = new ArrayList<>();
            ShardEngine engine = new ShardEngine(db, dbo, cfos, handles, shards);
            try {
                for (int s = 0; s < count; s++) {
                    int first = 1 + s * SHARD_CFS.size();
                    shards.add(Shard.open(s, db, handles.subList(first, first + SHARD_CFS.size()),
                            cfg.syncDecisiveWrites, pessimisticLockBudgetBytes));
                }
            } catch (RuntimeException e) {
                engine.close();
                throw e;
            }
            return engine;
        } catch (RocksDBException e) {
            handles.forEach(ColumnFamilyHandle::close);
            dbo.close();
            cfos.forEach(ColumnFamilyOptions::close);
            throw new DiskErrorException("cannot open the shards at " + dir + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new DiskErrorException("cannot create directory " + dir, e);
        }
    }

    /** The column family name of one of a shard's four. */
    static byte[] cfName(int shard, String cf) {
        return String.format(Locale.ROOT, "%02d.%s", shard, cf).getBytes(StandardCharsets.UTF_8);
    }

    private static int existingShards(Path dir) throws RocksDBException {
        if (!Files.exists(dir.resolve("CURRENT"))) {
            return 0;
        }
        try (Options o = new Options()) {
            // RocksDB's default family and four per shard
            return (RocksDB.listColumnFamilies(o, dir.toString()).size() - 1) / SHARD_CFS.size();
        }
    }

    private static ColumnFamilyOptions columnFamilyOptions(RocksDbConfig cfg, Cache blockCache, String cf) {
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockCache(blockCache)
                .setFilterPolicy(new BloomFilter(cfg.bloomBitsPerKey, false));
        ColumnFamilyOptions o = new ColumnFamilyOptions()
                .setWriteBufferSize(cfg.writeBufferSizeMb * 1024 * 1024)
                .setMaxWriteBufferNumber(cfg.maxWriteBufferNumber)
                .setCompressionType(compression(cfg.compression))
                .setTableFormatConfig(table);
        if (cf.equals(Shard.CF_WRITE)) {
            // prefix blooms in the files and the memtables let a point read of a key pass those without a version
            // of it (an eighth of oltp_write_only's CPU went to such seeks); 2 % of a memtable is some 20 bits per
            // version written to it
            o.useCappedPrefixExtractor(MvccKeys.FILTER_PREFIX_LENGTH).setMemtablePrefixBloomSizeRatio(0.02);
        }
        if (cf.equals(Shard.CF_DEFAULT) && cfg.blobMinSizeKb > 0) {
            o.setEnableBlobFiles(true)
                    .setMinBlobSize(cfg.blobMinSizeKb * 1024L)
                    .setBlobCompressionType(compression(cfg.compression))
                    .setEnableBlobGarbageCollection(true);
        }
        return o;
    }

    private static CompressionType compression(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "none" -> CompressionType.NO_COMPRESSION;
            case "lz4" -> CompressionType.LZ4_COMPRESSION;
            case "zstd" -> CompressionType.ZSTD_COMPRESSION;
            default -> throw new IllegalArgumentException("unknown rocksdb compression '" + name + "'");
        };
    }

    public Shard shard(int id) {
        return shards.get(id);
    }

    /** Every shard, by id. */
    public Shard[] shards() {
        return shards.toArray(new Shard[0]);
    }

    public int shardCount() {
        return shards.size();
    }

    /** Stops running manual compactions of every shard; for shutdown. */
    public void cancelCompactions() {
        shards.forEach(Shard::cancelCompactions);
    }

    /** Syncs the WAL and closes the shards and the database. */
    @Override
    public void close() {
        try {
            db.syncWal();
        } catch (RocksDBException e) {
            throw new DiskErrorException("final WAL sync failed: " + e.getMessage(), e);
        } finally {
            shards.forEach(Shard::close);
            handles.forEach(ColumnFamilyHandle::close);
            db.close();
            dbOptions.close();
            cfOptions.forEach(ColumnFamilyOptions::close);
        }
    }
}
