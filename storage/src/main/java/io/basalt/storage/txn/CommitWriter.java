package io.basalt.storage.txn;

import io.basalt.storage.action.StagedCommand;
import io.basalt.storage.error.StoreClosedException;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.CommitPipeline;
import io.basalt.storage.tso.TimestampOracle;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes every one-phase commit and every async commit on one thread of its own, {@code basalt-commit-writer}: it
 * takes every staged decisive batch (a 1PC's commit records, an async commit's locks) queued since its last round,
 * writes them unsynced, makes them durable with one WAL sync, releases their latches and memory locks and hands the
 * decided transactions to the commit pipeline. When no commit waits for the next round, it delivers their binlog group
 * itself, which saves a lone commit a thread hand-off; otherwise it leaves the group to the {@link BinlogGroupLeader}
 * and writes the next round while that group's binlog write and fsync run. A committer that must not wait (a Netty
 * event loop, {@link Transaction#commitWithoutWaiting}) is told through a future once its transaction is durable in
 * the binlog; one that may wait waits for that future, once.
 * Committing on its own thread, a committer waited twice per commit (in RocksDB's write group and in the pipeline's
 * group), and an event loop's statement a third time for its hand-off to a worker; here each round costs this thread
 * one wake-up, whatever its size.
 *
 * <p>Liveness: a staged batch holds its latches until its round's sync, so it never waits for anything a committer
 * could hold; the thread itself waits only for the disk and the pipeline's lock.
 *
 * <p>Owns its {@link BinlogGroupLeader}, which it closes after its own thread.
 *
 * <p>Thread-safe: {@link #submit} from any thread; everything else runs on the writer's thread. {@link #close} writes
 * and delivers what was submitted before it and refuses later submissions.
 */
public final class CommitWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CommitWriter.class);
    /** How long {@link #close} waits for submitted commits to reach the binlog. */
    private static final long CLOSE_WAIT_MS = 10_000;

    /**
     * A 1PC or async-commit transaction whose decisive batch is staged: its ticket is registered, its commit ts
     * computed. {@code durable} completes once the binlog holds it; exceptionally with
     * {@link io.basalt.storage.error.UndeterminedResultException} once it was written but could not be confirmed, with
     * the write's own failure if it was not written.
     */
    record Job(StagedCommand<?> batch, CommitPipeline.Ticket ticket, long startTs, long commitTs, CommitPath path,
               byte[] payload, Decision decision, CompletableFuture<Void> durable) {
    }

    /** What a path does on the writer's thread between its batch's WAL sync and its hand-over to the pipeline. */
    interface Decision {
        /** Nothing to do (a 1PC commit: its commit records are its outcome). */
        Decision NONE = new Decision() {
        };

        /**
         * The batch is durable and its commit ts observed; a failure here leaves the transaction undetermined, handed
         * over all the same.
         */
        default void decided() {
        }

        /** The pipeline failed the transaction after {@link #decided}. */
        default void refused() {
        }
    }

    private final CommitPipeline pipeline;
    private final TimestampOracle tso;
    private final Runnable syncWal;
    private final FaultInjector faults;
    private final ConcurrentLinkedQueue<Job> jobs = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private final BinlogGroupLeader leader;
    private volatile boolean parked;
    private volatile boolean closing;
    /** Set when {@link #close} gave up waiting: what is left is refused without touching the engine. */
    private volatile boolean stopped;
    /** Submitted and not yet told their outcome. */
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Counter rounds;
    private final DistributionSummary roundSize;
    private final Timer syncLatency;

    /**
     * @param syncWal makes every batch written so far durable ({@link io.basalt.storage.shard.Shard#syncWal})
     */
    public CommitWriter(CommitPipeline pipeline, TimestampOracle tso, Runnable syncWal, FaultInjector faults,
                        MeterRegistry registry) {
        this.pipeline = pipeline;
        this.tso = tso;
        this.syncWal = syncWal;
        this.faults = faults;
        this.rounds = Counter.builder("basalt.commit.writer.rounds")
                .description("rounds of the commit writer: one WAL sync for the decisive batches queued since the last")
                .register(registry);
        this.roundSize = DistributionSummary.builder("basalt.commit.writer.round.size")
                .description("decisive batches (1PC, async commit) written per round of the commit writer")
                .publishPercentileHistogram()
                .register(registry);
        this.syncLatency = Timer.builder("basalt.commit.writer.sync")
                .description("the commit writer's WAL syncs").publishPercentileHistogram().register(registry);
        this.thread = new Thread(this::run, "basalt-commit-writer");
        thread.setDaemon(true);
        this.leader = new BinlogGroupLeader(pipeline);
        thread.start();
    }

    /** Queues a staged decisive batch; its future is completed on the thread that delivers its binlog group. */
    void submit(Job job) {
        inFlight.incrementAndGet();
        job.durable().whenComplete((ok, failure) -> {
            if (inFlight.decrementAndGet() == 0 && closing) {
                LockSupport.unpark(thread); // told on the leader's thread: the writer may be waiting to stop
            }
        });
        if (closing) {
            refuse(job);
            return;
        }
        jobs.add(job);
        wake();
    }

    private void refuse(Job job) {
        abandon(job, new StoreClosedException());
    }

    private void wake() {
        if (parked) {
            LockSupport.unpark(thread);
        }
    }

    private void run() {
        while (!stopped) {
            List<Job> round = drain();
            if (!round.isEmpty()) {
                try {
                    write(round);
                } catch (RuntimeException | Error e) {
                    // a bug, not a disk failure (those are the jobs' outcomes): keep the thread, or every later
                    // commit of an event loop would wait forever
                    LOG.error("the commit writer failed a round of {} commits", round.size(), e);
                    round.forEach(j -> abandon(j, e));
                }
                deliver();
                continue;
            }
            if (closing && inFlight.get() == 0) {
                return;
            }
            parked = true;
            if (jobs.isEmpty() && !stopped) {
                LockSupport.park(this);
            }
            parked = false;
        }
        drain().forEach(this::refuse);
    }

    /**
     * With no commit queued for the next round, delivers the binlog group here (a lone commit saves a hand-off, 2-5 %
     * of its latency at one client); otherwise hands it to the leader and goes on to write the next round.
     */
    private void deliver() {
        if (jobs.isEmpty()) {
            pipeline.deliverIfLeaderless();
        } else {
            leader.wake();
        }
    }

    /** Frees what a job still holds (each step is a no-op once done) and fails it. */
    private void abandon(Job j, Throwable failure) {
        try {
            pipeline.abandon(j.ticket());
            j.batch().finish();
        } catch (RuntimeException | Error e) {
            failure.addSuppressed(e);
        }
        j.durable().completeExceptionally(failure);
    }

    private List<Job> drain() {
        List<Job> round = new ArrayList<>();
        Job j;
        while ((j = jobs.poll()) != null) {
            round.add(j);
        }
        return round;
    }

    /** One round: every batch written unsynced, one WAL sync, latches released, decisions to the pipeline. */
    private void write(List<Job> round) {
        List<Job> written = new ArrayList<>(round.size());
        for (Job j : round) {
            try {
                faults.hit(FaultPoints.BEFORE_COMMIT_WRITER_WRITE, j.startTs());
                j.batch().writeUnsynced();
                written.add(j);
            } catch (RuntimeException e) {
                abandon(j, e); // nothing of it was written (a batch is atomic): not decided
            }
        }
        RuntimeException syncFailure = null;
        if (!written.isEmpty()) {
            long t0 = System.nanoTime();
            try {
                faults.hit(FaultPoints.BEFORE_COMMIT_WRITER_SYNC, written.get(0).startTs());
                syncWal.run();
            } catch (RuntimeException e) {
                syncFailure = e;
                LOG.error("WAL sync failed; {} 1PC and async commits are undetermined", written.size(), e);
            }
            syncLatency.record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
        }
        for (Job j : written) {
            j.batch().finish();
        }
        for (Job j : written) {
            decide(j, syncFailure);
        }
        rounds.increment();
        roundSize.record(round.size());
    }

    /**
     * A written batch is decided: to the pipeline in its place even when confirming it failed (DESIGN.md §3.7). A
     * coordinator "crashing" right after its write (a test's fault) leaves it out: the binlog has it only after
     * recovery; one failing in its {@link Decision} is still handed over and reported undetermined.
     */
    private void decide(Job j, RuntimeException failure) {
        if (failure == null) {
            try {
                faults.hit(FaultPoints.AFTER_PRIMARY_PREWRITE, j.startTs());
            } catch (RuntimeException crash) {
                pipeline.abandon(j.ticket());
                j.durable().completeExceptionally(crash);
                return;
            }
        }
        RuntimeException f = failure;
        if (f == null) {
            try {
                tso.observe(j.commitTs());
                j.decision().decided();
            } catch (RuntimeException e) {
                f = e;
            }
        }
        RuntimeException confirmFailure = f;
        try {
            pipeline.commitAsync(j.ticket(), j.commitTs(), j.path(), j.payload(), sinkFailure -> {
                if (confirmFailure == null && sinkFailure == null) {
                    j.durable().complete(null);
                    return;
                }
                RuntimeException e = confirmFailure;
                if (e == null) {
                    j.decision().refused();
                    e = sinkFailure instanceof RuntimeException r ? r : new IllegalStateException(sinkFailure);
                }
                j.durable().completeExceptionally(DecidedCommit.undetermined(j.startTs(), e));
            });
        } catch (RuntimeException e) {
            if (confirmFailure == null) {
                j.decision().refused();
            }
            j.durable().completeExceptionally(DecidedCommit.undetermined(j.startTs(), e));
        }
    }

    /** Waits for a job's future: its result, or its failure itself rather than wrapped. */
    static <T> T await(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /**
     * Writes and delivers what was submitted, then stops; later submissions are refused. A commit still held back in
     * the pipeline after {@value #CLOSE_WAIT_MS} ms (by a transaction that never decides) is left to recovery.
     */
    @Override
    public void close() {
        closing = true;
        if (!ParkedThreads.wakeAndJoin(thread, CLOSE_WAIT_MS)) {
            LOG.warn("{} 1PC and async commits of event loops did not reach the binlog within {} ms; recovery replays"
                    + " those that were written", inFlight.get(), CLOSE_WAIT_MS);
            stopped = true;
            LockSupport.unpark(thread);
        }
        leader.close();
    }
}
