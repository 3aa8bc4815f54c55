package io.basalt.storage.pipeline;

import io.basalt.storage.error.StorageException;
import io.basalt.storage.error.UndeterminedResultException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeSet;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands decided transactions to the {@link CommitSink} strictly in (commitTs, startTs) order, in groups (DESIGN.md
 * §3.7). A transaction registers a lower bound on its commit ts before its decisive step; a decided transaction is
 * delivered once its commit ts is below the watermark, the smallest bound of the registered, undecided ones. Every
 * registration gets a bound above everything already delivered, so the order never goes back.
 *
 * <p>Group commit is leader/follower: a committing thread that finds deliverable transactions and no active leader
 * becomes leader, delivers all of them with one sink call (one write, one fsync), and wakes the followers. Without a
 * sink the pipeline only passes commits through.
 *
 * <p>Wake-ups are targeted: each waiting committer sleeps on its own ticket's condition and is woken only when its
 * transaction is durable, when it should lead the next group, or (as leader waiting for a larger group) when the
 * deliverable set changed. A shared condition would wake every waiting committer for every decision and every
 * group, tens of futile context switches per commit at high concurrency.
 *
 * <p>A committer that must not wait ({@link #commitAsync}) leaves a callback instead of a waiting thread; groups
 * whose first transaction is such a one are led by a thread that leads for them ({@link #deliverIfLeaderless}),
 * which the pipeline calls for ({@link #onAsyncLeaderWanted}) when a finishing leader or a moved watermark leaves
 * one first in line. Callbacks run outside the lock, on the thread that delivered the group.
 *
 * <p>Liveness: a registered transaction must never wait for another transaction; callers abandon their ticket
 * before waiting on a lock and register again afterwards.
 */
public final class CommitPipeline {
    private static final Logger LOG = LoggerFactory.getLogger(CommitPipeline.class);

    private final CommitSink sink;
    private final ReentrantLock lock = new ReentrantLock();
    private final TreeSet<Ticket> undecided = new TreeSet<>(
            Comparator.comparingLong((Ticket t) -> t.bound).thenComparingLong(t -> t.seq));
    private final PriorityQueue<Ticket> ready = new PriorityQueue<>(Comparator.comparing(t -> t.decided));
    private long seq;
    private long highestDelivered;
    /** The wake condition of the thread delivering a group, or null. */
    private Condition leader;
    /** What the thread leading for asynchronous committers waits on while it leads. */
    private final Condition asyncLeaderWake = lock.newCondition();
    /** Called, with the lock held, when an asynchronous commit is first in line and nobody leads. */
    private Runnable asyncLeaderWanted = () -> { };
    private Throwable broken;

    private final Counter groups;
    private final DistributionSummary groupSize;
    private final Timer deliverLatency;

    /** One transaction's place in the pipeline. Used by the committing thread only. */
    public static final class Ticket {
        private final long startTs;
        private final long seq;
        private final long bound;
        private final Condition wake;
        private DecidedTxn decided;
        private boolean done;
        private Throwable failure;
        /** Set by {@link #commitAsync}: told of the outcome instead of a waiting thread. */
        private Consumer<Throwable> onDurable;

        private Ticket(long startTs, long seq, long bound, Condition wake) {
            this.startTs = startTs;
            this.seq = seq;
            this.bound = bound;
            this.wake = wake;
        }

        /** The commit ts lower bound in force: the transaction must commit at or above it. */
        public long bound() {
            return bound;
        }
    }

    public CommitPipeline(CommitSink sink, SinkPosition recovered, MeterRegistry registry) {
        this.sink = sink;
        this.highestDelivered = recovered.commitTs();
        this.groups = Counter.builder("basalt.commit.pipeline.groups")
                .description("groups handed to the binlog sink").register(registry);
        this.groupSize = DistributionSummary.builder("basalt.commit.pipeline.group.size")
                .description("transactions per sink group").publishPercentileHistogram().register(registry);
        this.deliverLatency = Timer.builder("basalt.commit.pipeline.deliver")
                .description("time the sink took to make one group durable").publishPercentileHistogram()
                .register(registry);
    }

    public boolean hasSink() {
        return sink != null;
    }

    /**
     * Sets what to call when an asynchronous commit waits for a leader ({@link #deliverIfLeaderless}); it runs with the
     * pipeline's lock held, so it must only wake that thread.
     */
    public void onAsyncLeaderWanted(Runnable wake) {
        lock.lock();
        try {
            asyncLeaderWanted = wake;
        } finally {
            lock.unlock();
        }
    }

    /** Registers a transaction about to make its decisive step; its commit ts must be at least the ticket's bound. */
    public Ticket register(long startTs, long lowerBound) {
        lock.lock();
        try {
            checkNotBroken();
            if (sink == null) {
                return new Ticket(startTs, seq++, Math.max(lowerBound, highestDelivered + 1), null);
            }
            Ticket t = new Ticket(startTs, seq++, Math.max(lowerBound, highestDelivered + 1), lock.newCondition());
            undecided.add(t);
            return t;
        } finally {
            lock.unlock();
        }
    }

    /** Withdraws an undecided ticket (the transaction failed, or must wait for a lock before trying again). */
    public void abandon(Ticket t) {
        if (sink == null) {
            return;
        }
        lock.lock();
        try {
            if (undecided.remove(t)) {
                wakeLeaderOrNext();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Records the decision and returns once the transaction is durable in the sink (immediately without a sink).
     *
     * @throws UndeterminedResultException if the sink failed: the transaction may be committed in storage
     */
    public void commit(Ticket t, long commitTs, CommitPath path, byte[] payload) {
        if (commitTs < t.bound) {
            throw new IllegalStateException("commit ts " + commitTs + " below pipeline bound " + t.bound);
        }
        if (sink == null) {
            return;
        }
        lock.lock();
        try {
            undecided.remove(t);
            checkNotBroken();
            t.decided = new DecidedTxn(t.startTs, commitTs, path, payload == null ? new byte[0] : payload);
            ready.add(t);
            if (leader != null) {
                leader.signal(); // it may be waiting for a larger group; without a leader this thread leads
            }
            while (!t.done) {
                if (broken != null) {
                    ready.remove(t);
                    t.failure = broken;
                    break;
                }
                if (leader == null && deliverable()) {
                    lead(t.wake);
                } else {
                    t.wake.awaitUninterruptibly();
                }
            }
        } finally {
            lock.unlock();
        }
        if (t.failure != null) {
            throw new UndeterminedResultException("binlog write failed; the transaction's outcome is undetermined"
                    + " until restart recovery", t.failure);
        }
    }

    /**
     * Records the decision of a committer that does not wait: {@code onDurable} is called with null once the
     * transaction is durable in the sink (at once without a sink), or with the sink's failure (the transaction may be
     * committed in storage). A group whose first transaction this is is delivered by {@link #deliverIfLeaderless}.
     */
    public void commitAsync(Ticket t, long commitTs, CommitPath path, byte[] payload, Consumer<Throwable> onDurable) {
        if (commitTs < t.bound) {
            throw new IllegalStateException("commit ts " + commitTs + " below pipeline bound " + t.bound);
        }
        if (sink == null) {
            onDurable.accept(null);
            return;
        }
        Throwable failure;
        lock.lock();
        try {
            undecided.remove(t);
            failure = broken;
            if (failure == null) {
                t.decided = new DecidedTxn(t.startTs, commitTs, path, payload == null ? new byte[0] : payload);
                t.onDurable = onDurable;
                ready.add(t);
                if (leader != null) {
                    leader.signal();
                }
                return;
            }
        } finally {
            lock.unlock();
        }
        onDurable.accept(failure);
    }

    /**
     * Delivers one group if one is deliverable and no thread leads, on the calling thread, one that leads for the
     * committers that do not wait (any number of such threads may try: one leads at a time); returns whether it did.
     */
    public boolean deliverIfLeaderless() {
        lock.lock();
        try {
            if (sink == null || leader != null || !deliverable()) {
                return false;
            }
            lead(asyncLeaderWake);
            return true;
        } finally {
            lock.unlock();
        }
    }

    private boolean deliverable() {
        Ticket head = ready.peek();
        return head != null && (undecided.isEmpty() || head.decided.commitTs() < undecided.first().bound);
    }

    /**
     * After the watermark moved without a decision by the calling thread: the active leader counts again, or else the
     * committer at the head of the queue leads. Called with the lock held.
     */
    private void wakeLeaderOrNext() {
        if (leader != null) {
            leader.signal();
        } else if (deliverable()) {
            Ticket head = ready.peek();
            if (head.onDurable == null) {
                head.wake.signal();
            } else {
                asyncLeaderWanted.run();
            }
        }
    }

    /**
     * Called with the lock held by the leading thread, whose wake condition is {@code self}; releases it while the
     * sink works and while asynchronous committers are told.
     */
    private void lead(Condition self) {
        leader = self;
        awaitLargerGroup(self, sink.groupCommitWait());
        List<Ticket> group = new ArrayList<>();
        while (deliverable()) {
            group.add(ready.poll());
        }
        highestDelivered = Math.max(highestDelivered, group.get(group.size() - 1).decided.commitTs());
        List<DecidedTxn> txns = new ArrayList<>(group.size());
        group.forEach(g -> txns.add(g.decided));
        lock.unlock();
        Throwable failure = null;
        try {
            long t0 = System.nanoTime();
            sink.deliver(txns);
            deliverLatency.record(System.nanoTime() - t0, java.util.concurrent.TimeUnit.NANOSECONDS);
            groups.increment();
            groupSize.record(txns.size());
        } catch (RuntimeException | Error e) {
            // an Error too (a direct-memory OutOfMemoryError was seen): escaping here would keep leadership taken
            // and hang every later commit
            failure = e;
            LOG.error("binlog sink failed; commits are refused until restart recovery", e);
        }
        tellAsync(group, failure);
        lock.lock();
        if (failure != null) {
            broken = failure;
        }
        for (Ticket g : group) {
            g.failure = failure;
            g.done = true;
            g.wake.signal();
        }
        leader = null;
        if (broken != null) {
            List<Ticket> stranded = new ArrayList<>();
            ready.removeIf(r -> r.onDurable != null && stranded.add(r));
            ready.forEach(r -> r.wake.signal());
            lock.unlock();
            try {
                tellAsync(stranded, broken);
            } finally {
                lock.lock();
            }
        } else {
            wakeLeaderOrNext();
        }
    }

    /** Tells the asynchronous committers among {@code tickets} their outcome; called without the lock. */
    private static void tellAsync(List<Ticket> tickets, Throwable failure) {
        for (Ticket t : tickets) {
            if (t.onDurable != null) {
                try {
                    t.onDurable.accept(failure);
                } catch (RuntimeException | Error e) {
                    LOG.error("a commit callback failed", e);
                }
            }
        }
    }

    /**
     * binlog_commit_wait_count/usec: with the lock held and leadership taken, waits until enough transactions are
     * deliverable or the time is up. Committers arriving meanwhile see an active leader and join its group.
     */
    private void awaitLargerGroup(Condition self, GroupCommitWait wait) {
        if (!wait.active()) {
            return;
        }
        long deadline = System.nanoTime() + wait.usec() * 1000;
        long left;
        while (broken == null && deliverableCount() < wait.count() && (left = deadline - System.nanoTime()) > 0) {
            try {
                self.awaitNanos(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private int deliverableCount() {
        long watermark = undecided.isEmpty() ? Long.MAX_VALUE : undecided.first().bound;
        int n = 0;
        for (Ticket t : ready) {
            if (t.decided.commitTs() < watermark) {
                n++;
            }
        }
        return n;
    }

    private void checkNotBroken() {
        if (broken != null) {
            throw new StorageException("the binlog failed earlier; restart the server to recover it", broken);
        }
    }
}
