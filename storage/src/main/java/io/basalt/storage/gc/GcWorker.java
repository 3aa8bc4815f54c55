package io.basalt.storage.gc;

import io.basalt.storage.action.KvService;
import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.metrics.StorageMetrics;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import io.basalt.storage.shard.BoundedIterator;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.shard.ShardSnapshot;
import io.basalt.storage.shard.WrittenKeys;
import io.basalt.storage.tso.Timestamps;
import io.basalt.storage.txn.LockResolver;
import io.micrometer.core.instrument.Gauge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MVCC garbage collection below a safe point (spec §2.11). The safe point is {@code now - gc_life_time}, never above
 * the start ts of a running transaction, so no running snapshot loses a version it can read. A round first resolves
 * every lock at or below the safe point (after raising max_ts to it, so an in-flight async prewrite cannot commit
 * at or below it), then collects old versions of the keys written since the last round in small latched batches and
 * compacts where it removed them. Runs on its own
 * thread ({@code basalt-gc}): a compaction can take seconds, which the timer's heartbeats and lock-wait wake-ups
 * cannot wait for.
 */
public final class GcWorker {
    private static final Logger LOG = LoggerFactory.getLogger(GcWorker.class);
    private static final int KEYS_PER_BATCH = 256;
    /**
     * A shard's write CF is compacted where GC removed versions once its tombstones are as many as its live entries
     * (RocksDB's estimate subtracts deletes): a scan then steps over at least one dead version per row. Before that,
     * RocksDB's own flushes and compactions drop them as writes go on, while a manual compaction flushes the shard's
     * memtables and rewrites the whole span, each time: at a tenth of the entries (TiKV's region check asks 30 %)
     * sysbench's updates compacted every shard every round, and oltp_read_write at 32 threads ran 633 / 713 tps
     * where a share of 1 gave 810 / 829.
     */
    private static final double COMPACT_TOMBSTONE_RATIO = 1.0;
    /**
     * Below this many tombstones a shard whose updates stopped is not compacted: the compaction flushes the shard's
     * memtables first, so reads that found every row there go to SST blocks afterwards, a cost a handful of
     * tombstones does not repay (oltp_insert left ~20 on one shard every round, likely its AUTO_INCREMENT counter).
     * They wait for more removals or for RocksDB's own compactions.
     */
    private static final int QUIET_COMPACT_MIN_TOMBSTONES = 256;
    /**
     * A compacted span is read back into the block cache ({@link Shard#warmBlockCache}) when its files take at most
     * this share of the cache: they are compressed, the cached blocks are not, and a large table's span would push
     * the hot blocks out.
     */
    private static final int WARM_MAX_CACHE_SHARE_DIVISOR = 8;

    private final Shard[] shards;
    private final KvService kv;
    private final ConcurrencyManager cm;
    private final LockResolver resolver;
    private final LongSupplier nowTs;
    private final LongSupplier minActiveStartTs;
    /** A compacted span whose files are larger is not read back into the block cache. */
    private final long warmMaxBytes;
    private final long lifeTimeMs;
    private final StorageMetrics metrics;
    private final AtomicLong safePoint = new AtomicLong();
    private final Tombstones[] tombstones;

    public GcWorker(Shard[] shards, KvService kv, ConcurrencyManager cm, LockResolver resolver, LongSupplier nowTs,
                    LongSupplier minActiveStartTs, long lifeTimeMs, long blockCacheBytes, StorageMetrics metrics) {
        this.shards = shards;
        this.kv = kv;
        this.cm = cm;
        this.resolver = resolver;
        this.nowTs = nowTs;
        this.minActiveStartTs = minActiveStartTs;
        this.lifeTimeMs = lifeTimeMs;
        this.warmMaxBytes = blockCacheBytes / WARM_MAX_CACHE_SHARE_DIVISOR;
        this.metrics = metrics;
        this.tombstones = new Tombstones[shards.length];
        Arrays.setAll(tombstones, i -> new Tombstones());
        Gauge.builder("basalt.gc.safe_point.age.seconds", this, g -> g.safePointAgeSeconds())
                .description("how far the GC safe point lags behind now").register(metrics.registry());
    }

    public long safePoint() {
        return safePoint.get();
    }

    /** The safe point a round would use now. */
    public long computeSafePoint() {
        long byLifeTime = Timestamps.compose(Math.max(Timestamps.physical(nowTs.getAsLong()) - lifeTimeMs, 0), 0);
        long active = minActiveStartTs.getAsLong();
        return Math.min(byLifeTime, active == Long.MAX_VALUE ? byLifeTime : active - 1);
    }

    /** One GC round; returns the number of versions removed. One round at a time (its thread, or a test's). */
    public synchronized long runOnce() {
        long t0 = System.nanoTime();
        long sp = computeSafePoint();
        if (sp <= safePoint.get()) {
            return 0;
        }
        cm.updateMaxTs(sp);
        int locks = resolveLocksBelow(sp);
        long removed = 0;
        for (Shard s : shards) {
            removed += collectShard(s, sp);
        }
        safePoint.set(sp);
        metrics.gcRuns.increment();
        metrics.gcVersionsRemoved.increment(removed);
        LOG.info("gc: safe point {} ({} ms ago); resolved {} old locks, removed {} old versions, in {} ms", sp,
                Timestamps.physical(nowTs.getAsLong()) - Timestamps.physical(sp), locks, removed,
                (System.nanoTime() - t0) / 1_000_000);
        return removed;
    }

    private int resolveLocksBelow(long sp) {
        int n = 0;
        for (Shard s : shards) {
            List<KeyLock> locks;
            // the keys LockedKeys names, not an iteration of the lock CF, whose memtable is mostly tombstones
            List<byte[]> named = s.lockedKeys().in(new byte[0], new byte[0], Integer.MAX_VALUE);
            try (MvccReader r = new MvccReader(s.snapshot())) {
                locks = r.memoryLocks(l -> l.startTs <= sp);
                for (byte[] key : named) {
                    Lock l = r.loadLock(key);
                    if (l != null && l.startTs <= sp) {
                        locks.add(new KeyLock(key, l));
                    }
                }
            }
            for (KeyLock kl : locks) {
                long wait = resolver.resolve(kl, sp, null);
                if (wait == 0) {
                    n++;
                    metrics.gcLocksResolved.increment();
                }
            }
        }
        return n;
    }

    /**
     * Collects one shard: the keys written since the last round ({@link WrittenKeys}), or every key when those are
     * not all known (the first round after opening, or after more writes than it records), in latched batches; then,
     * once the shard's uncompacted tombstones reach {@link #COMPACT_TOMBSTONE_RATIO} times its live entries, or once a
     * round removed nothing more there and they are at least {@link #QUIET_COMPACT_MIN_TOMBSTONES} (its updates
     * stopped, so the tombstones will not grow, while reads keep stepping over them: they lie on the hot rows that
     * reads favour too), compacts the span
     * of keys where versions were removed: each removal is a RocksDB tombstone, and until a compaction drops it with
     * the entry it deletes, every scan over the span steps over both (read_only after a round that removed 300k
     * versions: 75 % of the workers' time in {@code DBIter::FindNextUserEntry}, 1795 → 260 tps). TiKV, which also
     * writes GC deletes, compacts regions whose tombstones pile up for the same reason.
     */
    private long collectShard(Shard shard, long sp) {
        Tombstones t = tombstones[shard.id()];
        ShardRound round = new ShardRound(shard, sp, t);
        WrittenKeys written = shard.writtenKeys();
        boolean scanned = !written.isComplete();
        if (scanned) {
            written.restart();
            scanShard(round, written);
        } else {
            List<byte[]> keys = written.drainUpTo(sp);
            keys.forEach(round::collect);
            round.examined = keys.size();
        }
        round.finish();
        (scanned ? metrics.gcKeysExaminedScan : metrics.gcKeysExaminedWritten).increment(round.examined);
        if ((round.removed == 0 && t.count >= QUIET_COMPACT_MIN_TOMBSTONES)
                || (t.count > 0 && t.count >= COMPACT_TOMBSTONE_RATIO * shard.estimatedEntries(shard.writeCf()))) {
            compact(shard, t);
            t.clear();
        }
        LOG.debug("gc: shard {} examined {} keys ({}), removed {} old versions", shard.id(), round.examined,
                scanned ? "whole shard" : "written since the last round", round.removed);
        return round.removed;
    }

    /**
     * Collects every key of the shard that can hold an old version, and records in {@code written} the keys whose
     * newest version is above the safe point, which a later round must look at again. A key whose only version at or
     * below the safe point is a Put (most keys of a freshly loaded table) holds nothing to remove and is not latched.
     */
    private void scanShard(ShardRound round, WrittenKeys written) {
        Shard shard = round.shard;
        try (ShardSnapshot snap = shard.snapshot(); BoundedIterator it = snap.iterator(shard.writeCf(), null, null)) {
            ScannedKey current = null;
            for (it.seekToFirst(); it.valid(); it.next()) {
                byte[] version = it.key();
                byte[] enc = MvccKeys.stripTs(version);
                long ts = MvccKeys.decodeTs(version);
                if (current == null || !Arrays.equals(current.encoded, enc)) {
                    collectIfOld(round, current);
                    current = new ScannedKey(enc, MvccKeys.decodeUserKey(enc));
                    round.examined++;
                    if (ts > round.sp) { // a key's versions sort newest first
                        written.add(current.key, ts);
                    }
                }
                if (ts <= round.sp && current.versionsAtOrBelowSafePoint++ == 0) {
                    current.newestIsPut = Write.decode(it.value()).type == WriteType.PUT;
                }
            }
            collectIfOld(round, current);
        }
    }

    private static void collectIfOld(ShardRound round, ScannedKey key) {
        if (key != null && key.mayHoldOldVersions()) {
            round.collect(key.key);
        }
    }

    /** Compacts the write and value column families over the versions of the tombstones' span. */
    private void compact(Shard shard, Tombstones t) {
        long t0 = System.nanoTime();
        byte[] from = MvccKeys.encodeUserKey(t.first);
        byte[] to = MvccKeys.versionKey(t.last, 0); // ts 0 sorts last among a key's versions
        if (!shard.compact(shard.writeCf(), from, to) || !shard.compact(shard.defaultCf(), from, to)) {
            return; // the store is closing
        }
        long nanos = System.nanoTime() - t0;
        metrics.gcCompaction.record(nanos, TimeUnit.NANOSECONDS);
        boolean warmed = shard.warmBlockCache(shard.writeCf(), from, to, warmMaxBytes)
                & shard.warmBlockCache(shard.defaultCf(), from, to, warmMaxBytes);
        LOG.info("gc: compacted shard {} where {} old versions were removed, in {} ms{}", shard.id(), t.count,
                nanos / 1_000_000, warmed ? String.format(Locale.ROOT, ", read back into the block cache in %d ms",
                        (System.nanoTime() - t0 - nanos) / 1_000_000) : "");
    }

    private double safePointAgeSeconds() {
        long sp = safePoint.get();
        return sp == 0 ? 0 : (Timestamps.physical(nowTs.getAsLong()) - Timestamps.physical(sp)) / 1000.0;
    }

    /**
     * One round on one shard: collects keys in latched batches of {@link #KEYS_PER_BATCH}, counts what it examined and
     * removed, and adds the removals to the shard's uncompacted {@link Tombstones}. Used by the GC thread only.
     */
    private final class ShardRound {
        final Shard shard;
        final long sp;
        final Tombstones tombstones;
        long examined;
        long removed;
        private List<byte[]> batch = new ArrayList<>(KEYS_PER_BATCH);

        ShardRound(Shard shard, long sp, Tombstones tombstones) {
            this.shard = shard;
            this.sp = sp;
            this.tombstones = tombstones;
        }

        /** Collects a key (in key order), in a batch with the following ones. */
        void collect(byte[] key) {
            batch.add(key);
            if (batch.size() == KEYS_PER_BATCH) {
                finish();
            }
        }

        /** Collects the keys batched so far. */
        void finish() {
            if (batch.isEmpty()) {
                return;
            }
            int n = kv.gc(shard.id(), batch, sp);
            if (n > 0) {
                removed += n;
                tombstones.add(batch.get(0), batch.get(batch.size() - 1), n);
            }
            batch = new ArrayList<>(KEYS_PER_BATCH);
        }
    }

    /** What a shard scan saw of one key's versions. */
    private static final class ScannedKey {
        final byte[] encoded;
        final byte[] key;
        int versionsAtOrBelowSafePoint;
        boolean newestIsPut;

        ScannedKey(byte[] encoded, byte[] key) {
            this.encoded = encoded;
            this.key = key;
        }

        /** GC keeps the newest Put at the safe point: anything else at or below it is removed. */
        boolean mayHoldOldVersions() {
            return versionsAtOrBelowSafePoint > 1 || (versionsAtOrBelowSafePoint == 1 && !newestIsPut);
        }
    }

    /** A shard's GC tombstones not compacted yet, and the span of keys holding them. Used by the GC thread only. */
    private static final class Tombstones {
        long count;
        byte[] first;
        byte[] last;

        /** {@code n} tombstones between the keys {@code from} and {@code to} (in key order). */
        void add(byte[] from, byte[] to, int n) {
            count += n;
            first = first == null || Arrays.compareUnsigned(from, first) < 0 ? from : first;
            last = last == null || Arrays.compareUnsigned(to, last) > 0 ? to : last;
        }

        void clear() {
            count = 0;
            first = null;
            last = null;
        }
    }
}
