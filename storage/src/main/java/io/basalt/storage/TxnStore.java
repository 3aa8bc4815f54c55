package io.basalt.storage;

import io.basalt.storage.action.KvService;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.error.StoreClosedException;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.gc.GcWorker;
import io.basalt.storage.metrics.StorageMetrics;
import io.basalt.storage.pipeline.CommitPipeline;
import io.basalt.storage.pipeline.CommitSink;
import io.basalt.storage.pipeline.SinkPosition;
import io.basalt.storage.recovery.StoreRecovery;
import io.basalt.storage.shard.LegacyShardMigration;
import io.basalt.storage.shard.RegionMap;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.shard.ShardEngine;
import io.basalt.storage.tso.TimestampOracle;
import io.basalt.storage.txn.CommitWriter;
import io.basalt.storage.txn.DeadlockDetector;
import io.basalt.storage.txn.LockResolver;
import io.basalt.storage.txn.LockWaitManager;
import io.basalt.storage.txn.SecondaryCommitter;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnContext;
import io.basalt.storage.txn.TxnFactory;
import io.basalt.storage.txn.TxnOptions;
import io.basalt.storage.txn.TxnTimer;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transactional key-value store: opens the shards under one data directory, recovers, and hands out
 * {@link Transaction}s. Owns every resource it creates (shards, thread pools, the data directory lock) and releases
 * them in {@link #close()}. Thread-safe.
 */
public final class TxnStore implements AutoCloseable {
    /** The RocksDB directory of the shards, under the data directory. */
    static final String ENGINE_DIR = "engine";
    private static final Logger LOG = LoggerFactory.getLogger(TxnStore.class);
    private static final byte[] TSO_KEY = "tso-high-water".getBytes(StandardCharsets.US_ASCII);

    private final StoreConfig config;
    private final DataDirLock dirLock;
    private final LRUCache blockCache;
    private final ShardEngine engine;
    private final Shard[] shards;
    private final TxnContext ctx;
    private final GcWorker gc;
    private final ScheduledExecutorService gcThread;
    private final StoreRecovery.Report recovery;
    private final AtomicBoolean closed = new AtomicBoolean();

    private TxnStore(StoreConfig config, DataDirLock dirLock, LRUCache blockCache, ShardEngine engine, Shard[] shards,
                     TxnContext ctx, GcWorker gc, ScheduledExecutorService gcThread, StoreRecovery.Report recovery) {
        this.engine = engine;
        this.config = config;
        this.dirLock = dirLock;
        this.blockCache = blockCache;
        this.shards = shards;
        this.ctx = ctx;
        this.gc = gc;
        this.gcThread = gcThread;
        this.recovery = recovery;
    }

    /**
     * Opens (creating if needed) the store under {@code config.dataDir}, resolves what a previous process left
     * behind and replays undelivered outbox records to {@code sink} (null: no binlog).
     */
    public static TxnStore open(StoreConfig config, MeterRegistry registry, CommitSink sink, FaultInjector faults) {
        long t0 = System.nanoTime();
        Path dir = Path.of(config.dataDir);
        DataDirLock lock = DataDirLock.acquire(dir);
        LOG.info("opening storage in {} with {} shards", dir.toAbsolutePath(), config.shards);
        RocksDB.loadLibrary();
        LRUCache cache = new LRUCache(config.rocksdb.blockCacheMb * 1024 * 1024);
        Path engineDir = dir.resolve(ENGINE_DIR);
        LegacyShardMigration.runIfNeeded(dir, engineDir, config.rocksdb, cache, config.shards);
        ShardEngine engine = ShardEngine.open(engineDir, config.rocksdb, cache, config.shards,
                config.pessimisticLockMemoryMb * 1024L * 1024);
        Shard[] shards = engine.shards();
        if (shards.length > config.shards) {
            LOG.warn("{} holds {} shards, more than the configured {}: all are used (a count can be raised, not "
                    + "lowered)", engineDir, shards.length, config.shards);
        }
        Shard meta = shards[0];
        TimestampOracle tso = new TimestampOracle(new TimestampOracle.HighWaterStore() {
            @Override
            public long load() {
                byte[] v = meta.getMeta(TSO_KEY);
                return v == null ? 0 : Long.parseLong(new String(v, StandardCharsets.US_ASCII));
            }

            @Override
            public void save(long physicalMs) {
                meta.putMetaSync(TSO_KEY, Long.toString(physicalMs).getBytes(StandardCharsets.US_ASCII));
            }
        }, System::currentTimeMillis, config.tsoSaveWindowMs, registry);
        RegionMap regions = RegionMap.load(meta, i -> shards[i], shards.length);
        StorageMetrics metrics = new StorageMetrics(registry);
        metrics.observePessimisticLocks(shards);
        ConcurrencyManager cm = new ConcurrencyManager(tso.current());
        ScheduledExecutorService timer = TxnTimer.create(r -> daemon(r, "basalt-timer"));
        LockWaitManager waits = new LockWaitManager(timer, 20);
        KvService kv = new KvService(i -> shards[i], cm, waits::released, faults);
        // a fresh timestamp per resolution, as client-go asks PD: lock TTLs expire even in an idle store (the last
        // timestamp handed out does not advance there), and max_ts, which it raises, stays within the oracle
        LockResolver resolver = new LockResolver(kv, regions, tso::next, metrics);
        StoreRecovery.Report report = new StoreRecovery(shards, regions, kv, resolver, sink).run();
        if (sink != null) {
            sink.recoveryFinished();
        }
        CommitPipeline pipeline = new CommitPipeline(sink,
                sink == null ? SinkPosition.ZERO : report.sinkPosition(), registry);
        SecondaryCommitter secondaries = new SecondaryCommitter(kv, faults, config.secondaryCommitThreads,
                config.secondaryCommitQueueLimit, config.outboxSweepIntervalMs, registry);
        CommitWriter commitWriter = new CommitWriter(pipeline, tso, meta::syncWal, faults, registry);
        TxnContext ctx = new TxnContext(config, kv, regions, tso, cm, resolver, waits, new DeadlockDetector(),
                secondaries, pipeline, commitWriter, metrics, faults, timer, new ConcurrentSkipListMap<>());
        GcWorker gc = new GcWorker(shards, kv, cm, resolver, tso::now, ctx::minActiveStartTs,
                config.gcLifeTimeMs, config.rocksdb.blockCacheMb * 1024L * 1024, metrics);
        ScheduledExecutorService gcThread = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "basalt-gc"));
        gcThread.scheduleWithFixedDelay(() -> runGcQuietly(gc), config.gcRunIntervalMs, config.gcRunIntervalMs,
                TimeUnit.MILLISECONDS);
        LOG.info("storage ready in {} ms", (System.nanoTime() - t0) / 1_000_000);
        return new TxnStore(config, lock, cache, engine, shards, ctx, gc, gcThread, report);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /**
     * Stops a running GC round before the shards close under it: its key-value calls fail once the service is shut
     * down and its compaction returns once cancelled, so the wait is short.
     */
    private void stopGc() {
        gcThread.shutdownNow();
        engine.cancelCompactions();
        try {
            if (!gcThread.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("gc round still running after 30 s; closing the shards anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void runGcQuietly(GcWorker gc) {
        try {
            gc.runOnce();
        } catch (StoreClosedException e) {
            LOG.debug("gc round stopped: the store is closing");
        } catch (RuntimeException e) {
            LOG.warn("gc round failed; will retry next interval", e);
        }
    }

    /** Begins a transaction at a fresh start ts. */
    public Transaction begin(TxnOptions options) {
        checkOpen();
        return TxnFactory.begin(ctx, ctx.tso().next(), options);
    }

    public Transaction begin() {
        return begin(TxnOptions.defaults(config));
    }

    public TxnOptions defaultOptions() {
        return TxnOptions.defaults(config);
    }

    /**
     * Places a new table's row range and index ranges on shards: rows on {@code tableId mod shards}, each index on
     * {@link #indexShard}, so an update of a non-indexed column is single-shard (1PC) and one that also changes an
     * index entry spans two shards (async commit). Large column values stored apart from their rows go with the
     * rows, so writing one keeps the transaction on one shard.
     */
    public void placeTable(long tableId, List<Long> indexIds) {
        int rowShard = rowShard(tableId);
        ctx.regions().assign(TableKeys.rowPrefix(tableId), TableKeys.rowRangeEnd(tableId), rowShard);
        ctx.regions().assign(TableKeys.lobPrefix(tableId), TableKeys.lobRangeEnd(tableId), rowShard);
        for (long indexId : indexIds) {
            placeIndex(tableId, indexId, indexShard(tableId, indexId));
        }
    }

    public void placeIndex(long tableId, long indexId, int shard) {
        ctx.regions().assign(TableKeys.indexPrefix(tableId, indexId), TableKeys.indexRangeEnd(tableId, indexId),
                shard);
    }

    /** The shard of a table's rows (and of their long values stored off-row). */
    public int rowShard(long tableId) {
        return (int) Math.floorMod(tableId, (long) shards.length);
    }

    /**
     * The shard of an index's entries: never the rows' (unless the store has one shard), the other shards taken in
     * turn by index id, so index 1 goes to the shard after the rows', index 2 to the one after that, and so on.
     */
    public int indexShard(long tableId, long indexId) {
        int n = shards.length;
        if (n == 1) {
            return 0;
        }
        return (int) ((rowShard(tableId) + 1 + Math.floorMod(indexId - 1, (long) (n - 1))) % n);
    }

    public RegionMap regions() {
        return ctx.regions();
    }

    public TimestampOracle tso() {
        return ctx.tso();
    }

    public StorageMetrics metrics() {
        return ctx.metrics();
    }

    public GcWorker gc() {
        return gc;
    }

    public StoreRecovery.Report recoveryReport() {
        return recovery;
    }

    public int shardCount() {
        return shards.length;
    }

    /**
     * Raw access to one shard, for tests and tools that inspect lock/write/default records directly (e.g. with a
     * {@link io.basalt.storage.mvcc.MvccReader} over {@code shard(id).snapshot()}). Transactional code goes through
     * {@link io.basalt.storage.action.KvService} instead; the store still owns and closes the shard.
     */
    public Shard shard(int id) {
        return shards[id];
    }

    /** Store internals for tests and benchmarks in this module's test tree. */
    public TxnContext context() {
        return ctx;
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new StoreClosedException();
        }
    }

    /** Finishes background commits, stops workers, syncs and closes the shards, releases the data directory. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        LOG.info("closing storage: finishing background commits");
        ctx.commitWriter().close();
        ctx.secondaries().close();
        ctx.kv().shutdown();
        ctx.timer().shutdownNow();
        stopGc();
        engine.close();
        blockCache.close();
        dirLock.close();
        LOG.info("storage closed cleanly");
    }
}
