package io.basalt.storage.txn;

import io.basalt.storage.action.KvService;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits the keys of decided transactions in the background (2PC secondaries; every key of an async-commit
 * transaction) and hands delivered outbox records to its {@link OutboxSweeper}. Bounded: when the queue is full the
 * committing thread does the work itself, which slows writers down instead of growing memory. Failures are only
 * logged: any reader that meets a leftover lock finishes the job. Owned by the store, closed before the shards.
 */
public final class SecondaryCommitter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SecondaryCommitter.class);

    private final KvService kv;
    private final FaultInjector faults;
    private final ThreadPoolExecutor pool;
    private final OutboxSweeper outbox;

    public SecondaryCommitter(KvService kv, FaultInjector faults, int threads, int queueLimit,
                              long outboxSweepIntervalMs, MeterRegistry registry) {
        this.kv = kv;
        this.faults = faults;
        this.outbox = new OutboxSweeper(kv, outboxSweepIntervalMs, registry);
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(queueLimit), r -> {
                    Thread t = new Thread(r, "basalt-secondary-commit");
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.CallerRunsPolicy());
        Gauge.builder("basalt.txn.secondaries.backlog", pool, p -> p.getQueue().size())
                .description("background commit tasks waiting").register(registry);
    }

    /**
     * Called once the transaction is durable in the binlog.
     *
     * @param byShard      keys still to commit, per shard (none after 1PC: no background task then)
     * @param outboxShard  shard holding the transaction's outbox record, or -1
     */
    public void submit(long startTs, long commitTs, Map<Integer, List<byte[]>> byShard, int outboxShard) {
        if (outboxShard >= 0) {
            outbox.delivered(outboxShard, startTs);
        }
        if (!byShard.isEmpty()) {
            pool.execute(() -> run(startTs, commitTs, byShard));
        }
    }

    private void run(long startTs, long commitTs, Map<Integer, List<byte[]>> byShard) {
        try {
            for (var e : byShard.entrySet()) {
                faults.hit(FaultPoints.BEFORE_SECONDARY_COMMIT, startTs);
                kv.commit(e.getKey(), e.getValue(), startTs, commitTs);
            }
        } catch (RuntimeException e) {
            LOG.debug("background commit of txn {} left to lock resolution: {}", startTs, e.toString());
        } finally {
            kv.concurrencyManager().clearDecided(startTs);
        }
    }

    @Override
    public void close() {
        pool.shutdown();
        try {
            if (!pool.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("background commits still running after 30 s; their locks will be resolved at next start");
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pool.shutdownNow();
        } finally {
            outbox.close();
        }
    }
}
