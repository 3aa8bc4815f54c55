package io.basalt.storage.gc;

import io.basalt.storage.action.KvService;
import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.metrics.StorageMetrics;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.shard.BoundedIterator;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.shard.ShardSnapshot;
import io.basalt.storage.tso.Timestamps;
import io.basalt.storage.txn.LockResolver;
import io.micrometer.core.instrument.Gauge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MVCC garbage collection below a safe point (spec §2.11). The safe point is {@code now - gc_life_time}, never above
 * the start ts of a running transaction, so no running snapshot loses a version it can read. A round first resolves
 * every lock at or below the safe point (after raising max_ts to it, so an in-flight async prewrite cannot commit
 * at or below it), then collects old versions key by key in small latched batches. Runs on the store's timer thread.
 */
public final class GcWorker {
    private static final Logger LOG = LoggerFactory.getLogger(GcWorker.class);
    private static final int KEYS_PER_BATCH = 256;

    private final Shard[] shards;
    private final KvService kv;
    private final ConcurrencyManager cm;
    private final LockResolver resolver;
    private final LongSupplier nowTs;
    private final LongSupplier minActiveStartTs;
    private final long lifeTimeMs;
    private final StorageMetrics metrics;
    private final AtomicLong safePoint = new AtomicLong();

    public GcWorker(Shard[] shards, KvService kv, ConcurrencyManager cm, LockResolver resolver, LongSupplier nowTs,
                    LongSupplier minActiveStartTs, long lifeTimeMs, StorageMetrics metrics) {
        this.shards = shards;
        this.kv = kv;
        this.cm = cm;
        this.resolver = resolver;
        this.nowTs = nowTs;
        this.minActiveStartTs = minActiveStartTs;
        this.lifeTimeMs = lifeTimeMs;
        this.metrics = metrics;
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

    /** One GC round; returns the number of versions removed. */
    public long runOnce() {
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
        LOG.info("gc: safe point {} ({} ms ago); resolved {} old locks, removed {} old versions", sp,
                Timestamps.physical(nowTs.getAsLong()) - Timestamps.physical(sp), locks, removed);
        return removed;
    }

    private int resolveLocksBelow(long sp) {
        int n = 0;
        for (Shard s : shards) {
            List<KeyLock> locks;
            try (MvccReader r = new MvccReader(s.snapshot())) {
                locks = r.scanLocks(new byte[0], new byte[0], l -> l.startTs <= sp, Integer.MAX_VALUE);
                locks.addAll(r.memoryLocks(l -> l.startTs <= sp));
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

    private long collectShard(Shard shard, long sp) {
        long removed = 0;
        List<byte[]> batch = new ArrayList<>(KEYS_PER_BATCH);
        try (ShardSnapshot snap = shard.snapshot(); BoundedIterator it = snap.iterator(shard.writeCf(), null, null)) {
            byte[] prev = null;
            for (it.seekToFirst(); it.valid(); it.next()) {
                byte[] enc = MvccKeys.stripTs(it.key());
                if (prev != null && Arrays.equals(prev, enc)) {
                    continue;
                }
                prev = enc;
                batch.add(MvccKeys.decodeUserKey(enc));
                if (batch.size() == KEYS_PER_BATCH) {
                    removed += kv.gc(shard.id(), batch, sp);
                    batch = new ArrayList<>(KEYS_PER_BATCH);
                }
            }
        }
        if (!batch.isEmpty()) {
            removed += kv.gc(shard.id(), batch, sp);
        }
        return removed;
    }

    private double safePointAgeSeconds() {
        long sp = safePoint.get();
        return sp == 0 ? 0 : (Timestamps.physical(nowTs.getAsLong()) - Timestamps.physical(sp)) / 1000.0;
    }
}
