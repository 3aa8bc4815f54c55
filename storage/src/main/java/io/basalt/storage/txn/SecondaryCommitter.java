package io.basalt.storage.txn;

import io.basalt.storage.action.DecidedKeys;
import io.basalt.storage.action.KvService;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits the keys of decided transactions in the background (2PC secondaries; every key of an async-commit
 * transaction) and hands delivered outbox records to its {@link OutboxSweeper}.
 *
 * <p>Batched: a worker takes every queued transaction (up to {@value #MAX_BATCH}) and commits their keys with one
 * write per shard. One write per transaction and shard could not keep up with the committers: each unsynced write
 * waits behind the shard's synced WAL group and splits the next one, so the backlog grew, locks stayed for seconds,
 * and later writers met them and fell back from async commit to 2PC.
 *
 * <p>Bounded: when the queue is full the committing thread does its own work, which slows writers down instead of
 * growing memory; a thread that completes other transactions' commits hands it to another thread instead. Failures
 * are only logged: any reader that meets a leftover lock finishes the job. Owned by the store, closed before the
 * shards; {@link #close()} commits what is queued first.
 */
public final class SecondaryCommitter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SecondaryCommitter.class);
    private static final int MAX_BATCH = 256;
    private static final long IDLE_POLL_MS = 100;

    private record Task(long startTs, long commitTs, Map<Integer, List<byte[]>> byShard) {
    }

    private final KvService kv;
    private final FaultInjector faults;
    private final BlockingQueue<Task> queue;
    private final List<Thread> workers = new ArrayList<>();
    private final OutboxSweeper outbox;
    private volatile boolean closing;

    public SecondaryCommitter(KvService kv, FaultInjector faults, int threads, int queueLimit,
                              long outboxSweepIntervalMs, MeterRegistry registry) {
        this.kv = kv;
        this.faults = faults;
        this.queue = new LinkedBlockingQueue<>(queueLimit);
        this.outbox = new OutboxSweeper(kv, outboxSweepIntervalMs, registry);
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(this::work, "basalt-secondary-commit-" + i);
            t.setDaemon(true);
            t.start();
            workers.add(t);
        }
        Gauge.builder("basalt.txn.secondaries.backlog", queue, BlockingQueue::size)
                .description("decided transactions waiting for their background commit").register(registry);
    }

    /**
     * Called once the transaction is durable in the binlog, on its committing thread, which does the work itself when
     * the queue is full.
     *
     * @param byShard      keys still to commit, per shard (none after 1PC: no background task then)
     * @param outboxShard  shard holding the transaction's outbox record, or -1
     */
    public void submit(long startTs, long commitTs, Map<Integer, List<byte[]>> byShard, int outboxShard) {
        enqueue(startTs, commitTs, byShard, outboxShard, this::commitOne);
    }

    /**
     * {@link #submit} from a thread that must not take latches (the commit writer's or the binlog group leader's,
     * which complete the commits of event loops): a full queue hands the work to {@code overflow} instead, since a
     * latch there may be held by a batch queued in the commit writer, which that thread would then never write.
     */
    public void submitWithoutLatching(long startTs, long commitTs, Map<Integer, List<byte[]>> byShard,
                                      int outboxShard, Executor overflow) {
        enqueue(startTs, commitTs, byShard, outboxShard, task -> {
            try {
                overflow.execute(() -> commitOne(task));
            } catch (RejectedExecutionException closing) {
                leftToLockResolution(task.startTs());
            }
        });
    }

    private void enqueue(long startTs, long commitTs, Map<Integer, List<byte[]>> byShard, int outboxShard,
                         Consumer<Task> whenFull) {
        if (outboxShard >= 0) {
            outbox.delivered(outboxShard, startTs);
        }
        if (byShard.isEmpty()) {
            return;
        }
        Task task = new Task(startTs, commitTs, byShard);
        if (closing) {
            leftToLockResolution(startTs);
        } else if (!queue.offer(task)) {
            whenFull.accept(task);
        }
    }

    private static void leftToLockResolution(long startTs) {
        LOG.debug("store closing: background commit of txn {} left to lock resolution", startTs);
    }

    private void commitOne(Task task) {
        commit(List.of(task));
    }

    /** A worker thread: commits batches until the committer closes and the queue is empty. */
    private void work() {
        List<Task> batch = new ArrayList<>();
        while (true) {
            Task first;
            try {
                first = queue.poll(IDLE_POLL_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (first == null) {
                if (closing) {
                    return;
                }
                continue;
            }
            batch.add(first);
            queue.drainTo(batch, MAX_BATCH - 1);
            commit(batch);
            batch.clear();
        }
    }

    private void commit(List<Task> tasks) {
        Map<Integer, List<DecidedKeys>> byShard = new TreeMap<>();
        for (Task t : tasks) {
            for (Map.Entry<Integer, List<byte[]>> e : t.byShard().entrySet()) {
                try {
                    faults.hit(FaultPoints.BEFORE_SECONDARY_COMMIT, t.startTs());
                } catch (RuntimeException ex) {
                    LOG.debug("background commit of txn {} left to lock resolution: {}", t.startTs(), ex.toString());
                    break;
                }
                byShard.computeIfAbsent(e.getKey(), s -> new ArrayList<>())
                        .add(new DecidedKeys(t.startTs(), t.commitTs(), e.getValue()));
            }
        }
        byShard.forEach(this::commitShard);
        tasks.forEach(t -> kv.concurrencyManager().clearDecided(t.startTs()));
    }

    private void commitShard(int shard, List<DecidedKeys> txns) {
        try {
            kv.commitAll(shard, txns);
        } catch (RuntimeException e) {
            if (txns.size() == 1) {
                LOG.debug("background commit of txn {} left to lock resolution: {}", txns.get(0).startTs(),
                        e.toString());
            } else {
                // one transaction's failure must not leave the others' locks to readers
                txns.forEach(t -> commitShard(shard, List.of(t)));
            }
        }
    }

    @Override
    public void close() {
        closing = true;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            for (Thread t : workers) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (workers.stream().anyMatch(Thread::isAlive)) {
            LOG.warn("background commits still running after 30 s; their locks will be resolved at next start");
            workers.forEach(Thread::interrupt);
        }
        outbox.close();
    }
}
