package io.basalt.storage.scenario;

import io.basalt.storage.fault.FaultInjector;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link FaultInjector} for deterministic scenario tests. Each {@link Rule} watches one fault point, optionally
 * for one transaction (the {@code startTs} the engine passes; readers pass their read ts), and fires on a window of
 * its matching hits ({@link Rule#skip}, {@link Rule#times}). Firing either
 * <ul>
 *   <li>pauses: signals "reached" and blocks the hitting thread until {@link Rule#resume()};
 *   <li>crashes: signals "reached" and throws the rule's exception (default {@link SimulatedCrash}: the coordinator
 *   died there and never comes back);
 *   <li>acts: runs a callback on the hitting thread (e.g. a reader raising max_ts at an exact moment), then signals.
 * </ul>
 * Tests wait for "reached" with {@link Rule#awaitReached}, bounded so a broken engine fails the test instead of
 * hanging it. {@link #releaseAll()} (called before the store closes) unblocks every paused thread.
 */
final class Pauser implements FaultInjector {
    /** Matches every transaction / read ts. */
    static final long ANY = Long.MIN_VALUE;
    static final long REACH_TIMEOUT_S = 15;

    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final List<FaultInjector> hooks = new CopyOnWriteArrayList<>();

    /** Thrown by crash rules: the coordinator died at this point. Not a {@code StorageException}. */
    static final class SimulatedCrash extends RuntimeException {
        SimulatedCrash(String point, long ts) {
            super("simulated coordinator crash at " + point + " (txn " + ts + ")");
        }
    }

    enum Kind { PAUSE, CRASH, ACT, SIGNAL }

    Rule pause(String point, long txn) {
        return add(new Rule(Kind.PAUSE, point, txn, null, null));
    }

    Rule crash(String point, long txn) {
        return add(new Rule(Kind.CRASH, point, txn, null, null));
    }

    /** A crash rule throwing a specific exception (e.g. a storage error right after a decisive step). */
    Rule fail(String point, long txn, RuntimeException toThrow) {
        return add(new Rule(Kind.CRASH, point, txn, null, toThrow));
    }

    Rule act(String point, long txn, Runnable action) {
        return add(new Rule(Kind.ACT, point, txn, action, null));
    }

    /** Only counts hits (every matching hit signals "reached"); never blocks. */
    Rule signal(String point, long txn) {
        return add(new Rule(Kind.SIGNAL, point, txn, null, null)).times(Integer.MAX_VALUE);
    }

    /** An extra injector called on every hit (e.g. a workload's own per-transaction crash plan). */
    void hook(FaultInjector h) {
        hooks.add(h);
    }

    private Rule add(Rule r) {
        rules.add(r);
        return r;
    }

    void remove(Rule r) {
        rules.remove(r);
        r.resume();
    }

    /** Resumes every paused thread and disarms all rules. */
    void releaseAll() {
        for (Rule r : rules) {
            r.resume();
        }
        rules.clear();
        hooks.clear();
    }

    @Override
    public void hit(String point, long startTs) {
        for (Rule r : rules) {
            r.onHit(point, startTs);
        }
        for (FaultInjector h : hooks) {
            h.hit(point, startTs);
        }
    }

    static final class Rule {
        private final Kind kind;
        private final String point;
        private final long txn;
        private final Runnable action;
        private final RuntimeException toThrow;
        private volatile int skip;
        private volatile int times = 1;
        private final AtomicInteger matching = new AtomicInteger();
        private final Semaphore reached = new Semaphore(0);
        private final CountDownLatch resume = new CountDownLatch(1);

        private Rule(Kind kind, String point, long txn, Runnable action, RuntimeException toThrow) {
            this.kind = kind;
            this.point = point;
            this.txn = txn;
            this.action = action;
            this.toThrow = toThrow;
        }

        /** Let the first {@code n} matching hits pass untouched. */
        Rule skip(int n) {
            skip = n;
            return this;
        }

        /** Fire on this many matching hits (after the skipped ones); default 1. */
        Rule times(int n) {
            times = n;
            return this;
        }

        /** Matching hits seen so far (fired or not). */
        int hits() {
            return matching.get();
        }

        private void onHit(String p, long ts) {
            if (!point.equals(p) || (txn != ANY && txn != ts)) {
                return;
            }
            int n = matching.getAndIncrement();
            if (n < skip || n - skip >= times) {
                return;
            }
            switch (kind) {
                case SIGNAL -> reached.release();
                case ACT -> {
                    action.run();
                    reached.release();
                }
                case CRASH -> {
                    reached.release();
                    throw toThrow != null ? toThrow : new SimulatedCrash(p, ts);
                }
                case PAUSE -> {
                    reached.release();
                    try {
                        if (!resume.await(60, TimeUnit.SECONDS)) {
                            throw new IllegalStateException("paused at " + p + " and never resumed");
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted while paused at " + p, e);
                    }
                }
            }
        }

        /** Waits until the rule fired once more (bounded: fails the test rather than hanging it). */
        void awaitReached() {
            awaitReached(1);
        }

        void awaitReached(int n) {
            try {
                if (!reached.tryAcquire(n, REACH_TIMEOUT_S, TimeUnit.SECONDS)) {
                    throw new AssertionError("fault point " + point + " not reached " + n + " time(s) within "
                            + REACH_TIMEOUT_S + " s (hits so far: " + matching.get() + ")");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }

        boolean fired() {
            return matching.get() > skip;
        }

        void resume() {
            resume.countDown();
        }
    }
}
