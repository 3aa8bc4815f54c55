package io.basalt.storage.txn;

import io.basalt.storage.action.KvService;
import io.basalt.storage.pipeline.OutboxRecord;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the outbox records of transactions the binlog holds, in batches: one unsynced write per shard per sweep
 * instead of one per transaction. RocksDB never puts a synced write into a group led by an unsynced one, so a
 * stream of single deletes would split each shard's WAL sync groups and multiply its fsyncs. A record a crash leaves
 * behind is harmless: recovery discards outbox records the binlog already holds.
 *
 * <p>Thread-safe: committers add, one daemon thread sweeps every {@code intervalMs}. Owned by the
 * {@link SecondaryCommitter}; {@link #close()} sweeps a last time, before the shards close.
 */
final class OutboxSweeper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OutboxSweeper.class);

    private record Delivered(int shard, long startTs) {
    }

    private final KvService kv;
    private final ConcurrentLinkedQueue<Delivered> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger pending = new AtomicInteger();
    private final ScheduledExecutorService sweeper;

    OutboxSweeper(KvService kv, long intervalMs, MeterRegistry registry) {
        this.kv = kv;
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "basalt-outbox-sweeper");
            t.setDaemon(true);
            return t;
        });
        sweeper.scheduleWithFixedDelay(this::sweep, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
        Gauge.builder("basalt.txn.outbox.pending", pending, AtomicInteger::get)
                .description("delivered outbox records waiting for the next sweep").strongReference(true)
                .register(registry);
    }

    /** Marks the outbox record of {@code startTs} on {@code shard} as delivered: the binlog holds it durably. */
    void delivered(int shard, long startTs) {
        queue.add(new Delivered(shard, startTs));
        pending.incrementAndGet();
    }

    /** Deletes every record marked so far, one batch per shard. Runs on the sweeper thread (or at close). */
    void sweep() {
        Map<Integer, List<byte[]>> byShard = new TreeMap<>();
        for (Delivered d; (d = queue.poll()) != null; ) {
            pending.decrementAndGet();
            byShard.computeIfAbsent(d.shard(), s -> new ArrayList<>()).add(OutboxRecord.key(d.startTs()));
        }
        byShard.forEach((shard, keys) -> {
            try {
                kv.deleteMeta(shard, keys);
            } catch (RuntimeException e) {
                LOG.debug("{} delivered outbox records left on shard {} for recovery to discard: {}", keys.size(),
                        shard, e.toString());
            }
        });
    }

    @Override
    public void close() {
        sweeper.shutdown();
        try {
            if (!sweeper.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("outbox sweep still running after 30 s; restart recovery discards what it leaves");
                sweeper.shutdownNow();
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sweeper.shutdownNow();
            return;
        }
        sweep();
    }
}
