package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.error.LockWaitTimeoutException;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.error.UndeterminedResultException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 24. A randomised mini-Jepsen in one process (no nodes to kill or partition, no clocks to skew): concurrent
 * clients run a bank workload and an Elle-style list-append workload, each transaction in a random mode
 * (optimistic/pessimistic &times; 2PC/async commit/1PC as its keys allow), with client faults: short TTLs
 * (lock 100 ms, async safe window 150 ms) and coordinators that die at a random commit-path fault point
 * (after the primary prewrite, after a secondary prewrite, after all prewrites, before the 1PC write, after the
 * primary commit, before the background commit), leaving their locks to other clients' lock resolution. Two
 * phases with a store restart in between (the "kill" nemesis equivalent: memory state lost, leftover locks decided
 * by restart recovery).
 *
 * <p>Checked: the bank total is the same in every snapshot (no read skew, no lost or duplicated transfer);
 * for list-append, per key every read is a prefix of the final list (no incompatible order / lost update), every
 * acknowledged append is in it exactly once, no append of a rolled-back transaction is ever seen (G1a), a read
 * never sees only part of another transaction's appends (fractured read), a transaction that began after an append
 * was acknowledged sees it (real time), and each client's successive reads of a key only grow.
 */
class MiniJepsenScenarioTest extends ScenarioBase {
    private static final int WORKERS = 4;
    private static final int OPS_PER_WORKER = 40;
    private static final int ACCOUNTS_TOTAL = 600;
    /** Every transaction here is small, so its shards are prewritten in one write: no point between them. */
    private static final List<String> CRASH_POINTS = List.of(FaultPoints.AFTER_PRIMARY_PREWRITE,
            FaultPoints.AFTER_ALL_PREWRITES, FaultPoints.BEFORE_ONE_PC,
            FaultPoints.AFTER_PRIMARY_COMMIT, FaultPoints.BEFORE_SECONDARY_COMMIT);

    enum Outcome { ACKED, ABORTED, UNKNOWN }

    /** One append-workload transaction as the client saw it. */
    static final class AppendTxn {
        final int worker;
        final long beginNanos;
        long ackNanos;
        Outcome outcome;
        final Map<String, String> appends = new LinkedHashMap<>();   // key -> value appended
        final Map<String, List<String>> reads = new LinkedHashMap<>(); // key -> list read (first read of the key)
        /** The reads made at the transaction's snapshot (pessimistic locking reads are current reads instead). */
        final Map<String, List<String>> snapshotReads = new LinkedHashMap<>();

        AppendTxn(int worker, long beginNanos) {
            this.worker = worker;
            this.beginNanos = beginNanos;
        }
    }

    private final Map<Long, String> crashPlan = new ConcurrentHashMap<>();
    private final List<AppendTxn> history = new CopyOnWriteArrayList<>();
    private final List<String> violations = new CopyOnWriteArrayList<>();
    private final AtomicInteger crashes = new AtomicInteger();

    private static final List<byte[]> ACCOUNTS = List.of(row(100), row(101), row(102), index(100), index(101),
            index(102));
    private static final List<String> LIST_NAMES = List.of("r200", "r201", "i200", "i201");

    private static byte[] listKey(String name) {
        long n = Long.parseLong(name.substring(1));
        return name.charAt(0) == 'r' ? row(n) : index(n);
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void scenario24_randomisedBankAndListAppendUnderClientFaults() throws Exception {
        openWithFaults();
        Transaction init = store.begin(optimistic());
        for (byte[] a : ACCOUNTS) {
            init.put(a, b("100"));
        }
        init.commit(null);

        runPhase(0);
        // "kill the store" between the phases: a restart loses max_ts, the memory lock table, pessimistic and
        // in-flight state; recovery decides every lock the crashed coordinators left behind
        closeStore();
        openWithFaults();
        runPhase(1);

        Map<String, List<String>> finalLists = new HashMap<>();
        Transaction last = store.begin(optimistic());
        for (String k : LIST_NAMES) {
            finalLists.put(k, parse(last.get(listKey(k))));
        }
        int total = 0;
        for (byte[] a : ACCOUNTS) {
            total += Integer.parseInt(s(last.get(a)));
        }
        last.rollback();
        assertThat(total).as("final bank total").isEqualTo(ACCOUNTS_TOTAL);
        checkAppendHistory(finalLists);
        Map<Outcome, Long> outcomes = new java.util.EnumMap<>(Outcome.class);
        history.forEach(t -> outcomes.merge(t.outcome, 1L, Long::sum));
        System.out.printf("mini-jepsen: %d append txns %s, %d coordinator crashes, %d bank snapshots, final lists %s%n",
                history.size(), outcomes, crashes.get(), bankReads.get(), finalLists);
        assertThat(violations).isEmpty();
        assertThat(crashes.get()).as("coordinator crashes injected").isPositive();
        assertThat(outcomes.getOrDefault(Outcome.ACKED, 0L)).isPositive();
        assertNoPrewriteLocksLeft();
    }

    private void openWithFaults() {
        open(c -> {
            c.lockTtlMs = 100;
            c.managedLockTtlMs = 300;
            c.heartbeatIntervalMs = 50;
            c.asyncCommitSafeWindowMs = 150;
            c.lockWaitTimeoutMs = 5000;
        });
        pauser.hook((point, ts) -> {
            String planned = crashPlan.get(ts);
            if (planned != null && planned.equals(point) && crashPlan.remove(ts) != null) {
                crashes.incrementAndGet();
                throw new Pauser.SimulatedCrash(point, ts);
            }
        });
    }

    private final AtomicInteger bankReads = new AtomicInteger();

    private void runPhase(int phase) {
        AtomicBoolean done = new AtomicBoolean();
        List<Future<?>> workers = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            int id = w;
            workers.add(asyncRun(() -> worker(id, phase, new Random(1000L * (phase + 1) + id))));
        }
        int readsBefore = bankReads.get();
        Future<?> bankReader = asyncRun(() -> {
            Random rnd = new Random(7 + phase);
            while (!done.get() || bankReads.get() - readsBefore < 10) {
                checkBankSnapshot(rnd);
                bankReads.incrementAndGet();
            }
        });
        for (Future<?> f : workers) {
            get(f);
        }
        done.set(true);
        get(bankReader);
    }

    // ------------------------------------------------------------------ clients

    private TxnOptions randomMode(Random rnd) {
        TxnOptions o = rnd.nextBoolean() ? pessimistic() : optimistic();
        return switch (rnd.nextInt(3)) {
            case 0 -> o.withAsyncCommit(false).withOnePc(false);
            case 1 -> o.withAsyncCommit(true).withOnePc(false);
            default -> o.withAsyncCommit(true).withOnePc(true);
        };
    }

    private void maybePlanCrash(Random rnd, Transaction t) {
        if (rnd.nextInt(100) < 12) {
            crashPlan.put(t.startTs(), CRASH_POINTS.get(rnd.nextInt(CRASH_POINTS.size())));
        }
    }

    private void worker(int id, int phase, Random rnd) {
        for (int op = 0; op < OPS_PER_WORKER; op++) {
            if (rnd.nextBoolean()) {
                transfer(rnd);
            } else {
                appendTxn(id, phase * 1000 + op, rnd);
            }
        }
    }

    private void transfer(Random rnd) {
        int a = rnd.nextInt(ACCOUNTS.size());
        int c = (a + 1 + rnd.nextInt(ACCOUNTS.size() - 1)) % ACCOUNTS.size();
        int amount = 1 + rnd.nextInt(10);
        Transaction t = store.begin(randomMode(rnd));
        try {
            byte[] from = ACCOUNTS.get(a);
            byte[] to = ACCOUNTS.get(c);
            int vf;
            int vt;
            if (t.options().pessimistic()) {
                List<byte[]> vals = t.lockKeys(List.of(from, to), true, null);
                vf = Integer.parseInt(s(vals.get(0)));
                vt = Integer.parseInt(s(vals.get(1)));
            } else {
                vf = Integer.parseInt(s(t.get(from)));
                vt = Integer.parseInt(s(t.get(to)));
            }
            t.put(from, b(Integer.toString(vf - amount)));
            t.put(to, b(Integer.toString(vt + amount)));
            maybePlanCrash(rnd, t);
            t.commit(null);
        } catch (RuntimeException e) {
            expectedFailure(e);
        } finally {
            t.close();
        }
    }

    private void appendTxn(int worker, int op, Random rnd) {
        AppendTxn rec = new AppendTxn(worker, System.nanoTime());
        Transaction t = store.begin(randomMode(rnd));
        try {
            int n = 1 + rnd.nextInt(3);
            for (int i = 0; i < n; i++) {
                String k = LIST_NAMES.get(rnd.nextInt(LIST_NAMES.size()));
                byte[] key = listKey(k);
                boolean ownAppend = rec.appends.containsKey(k);
                if (rnd.nextBoolean() && !ownAppend) {
                    String v = "w" + worker + "." + op;
                    String cur = t.options().pessimistic() ? s(t.lockKeys(List.of(key), true, null).get(0))
                            : s(t.get(key));
                    rec.reads.putIfAbsent(k, parse(cur == null ? null : b(cur)));
                    if (!t.options().pessimistic()) {
                        rec.snapshotReads.putIfAbsent(k, rec.reads.get(k));
                    }
                    t.put(key, b(cur == null || cur.isEmpty() ? v : cur + "," + v));
                    rec.appends.put(k, v);
                } else {
                    List<String> seen = parse(t.get(key));
                    if (ownAppend) {
                        if (!seen.contains(rec.appends.get(k))) {
                            violations.add("internal: txn " + t.startTs() + " does not see its own append on " + k);
                        }
                    } else {
                        rec.reads.putIfAbsent(k, seen);
                        rec.snapshotReads.putIfAbsent(k, seen);
                    }
                }
            }
            maybePlanCrash(rnd, t);
            t.commit(null);
            rec.ackNanos = System.nanoTime();
            rec.outcome = Outcome.ACKED;
        } catch (RuntimeException e) {
            rec.outcome = t.state() == Transaction.State.FAILED ? Outcome.UNKNOWN : Outcome.ABORTED;
            expectedFailure(e);
        } finally {
            if (t.state() == Transaction.State.ACTIVE) {
                t.close();
                rec.outcome = Outcome.ABORTED;
            }
        }
        history.add(rec);
    }

    /** Failures a client may legitimately see: aborts (conflict, deadlock, lock lost), waits timing out, crashes. */
    private void expectedFailure(RuntimeException e) {
        if (e instanceof TransactionAbortedException || e instanceof LockWaitTimeoutException
                || e instanceof UndeterminedResultException || root(e) instanceof Pauser.SimulatedCrash) {
            return;
        }
        java.io.StringWriter sw = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(sw));
        violations.add("unexpected client error: " + sw);
    }

    private void checkBankSnapshot(Random rnd) {
        Transaction t = store.begin(rnd.nextBoolean() ? optimistic() : pessimistic());
        try {
            int sum = 0;
            if (rnd.nextBoolean()) {
                for (byte[] v : t.batchGet(ACCOUNTS)) {
                    sum += Integer.parseInt(s(v));
                }
            } else {
                List<byte[]> order = new ArrayList<>(ACCOUNTS);
                Collections.shuffle(order, rnd);
                for (byte[] a : order) {
                    sum += Integer.parseInt(s(t.get(a)));
                }
            }
            if (sum != ACCOUNTS_TOTAL) {
                violations.add("read skew / lost transfer: snapshot " + t.startTs() + " sums to " + sum);
            }
        } catch (RuntimeException e) {
            expectedFailure(e); // a read can only time out
        } finally {
            t.close();
        }
    }

    // ------------------------------------------------------------------ checker

    private static List<String> parse(byte[] v) {
        if (v == null || v.length == 0) {
            return List.of();
        }
        return Arrays.asList(s(v).split(","));
    }

    private static boolean isPrefix(List<String> p, List<String> of) {
        return p.size() <= of.size() && of.subList(0, p.size()).equals(p);
    }

    private void checkAppendHistory(Map<String, List<String>> finals) {
        Map<String, AppendTxn> writerOf = new HashMap<>();
        for (AppendTxn t : history) {
            t.appends.values().forEach(v -> writerOf.put(v, t));
        }
        for (String k : LIST_NAMES) {
            List<String> fin = finals.get(k);
            if (fin.stream().distinct().count() != fin.size()) {
                violations.add("duplicate append on " + k + ": " + fin);
            }
            for (String v : fin) {
                AppendTxn w = writerOf.get(v);
                if (w == null || !v.equals(w.appends.get(k))) {
                    violations.add("value " + v + " on " + k + " was never appended there");
                } else if (w.outcome == Outcome.ABORTED) {
                    violations.add("G1a: aborted append " + v + " on " + k + " is in the final list");
                }
            }
        }
        Map<Integer, Map<String, List<String>>> lastSeenByWorker = new HashMap<>();
        List<AppendTxn> byBegin = new ArrayList<>(history);
        byBegin.sort((x, y) -> Long.compare(x.beginNanos, y.beginNanos));
        for (AppendTxn t : byBegin) {
            for (var e : t.appends.entrySet()) {
                if (t.outcome == Outcome.ACKED && !finals.get(e.getKey()).contains(e.getValue())) {
                    violations.add("lost update: acknowledged append " + e.getValue() + " on " + e.getKey());
                }
            }
            for (var r : t.reads.entrySet()) {
                String k = r.getKey();
                List<String> seen = r.getValue();
                if (!isPrefix(seen, finals.get(k))) {
                    violations.add("incompatible order on " + k + ": read " + seen + " vs final " + finals.get(k));
                }
                for (String v : seen) {
                    AppendTxn w = writerOf.get(v);
                    if (w != null && w.outcome == Outcome.ABORTED) {
                        violations.add("G1a: read of aborted append " + v + " on " + k);
                    }
                }
                List<String> prev = lastSeenByWorker.computeIfAbsent(t.worker, x -> new HashMap<>()).put(k, seen);
                if (prev != null && !isPrefix(prev, seen)) {
                    violations.add("non-monotonic reads by worker " + t.worker + " on " + k + ": " + prev + " then "
                            + seen);
                }
            }
            for (AppendTxn w : history) {
                if (w == t || w.appends.isEmpty()) {
                    continue;
                }
                Boolean sawAny = null;
                for (var a : w.appends.entrySet()) {
                    List<String> snap = t.snapshotReads.get(a.getKey());
                    if (snap != null) {
                        boolean saw = snap.contains(a.getValue());
                        if (sawAny != null && sawAny != saw) {
                            violations.add("fractured read: txn of worker " + t.worker + " saw only part of "
                                    + w.appends + " (reads " + t.snapshotReads + ")");
                        }
                        sawAny = saw;
                    }
                    List<String> seen = t.reads.get(a.getKey());
                    if (seen == null) {
                        continue;
                    }
                    boolean saw = seen.contains(a.getValue());
                    if (w.outcome == Outcome.ACKED && w.ackNanos < t.beginNanos && !saw) {
                        violations.add("stale read: append " + a.getValue() + " on " + a.getKey()
                                + " acknowledged before a transaction began that does not see it: " + seen);
                    }
                }
            }
        }
    }

    private void assertNoPrewriteLocksLeft() {
        for (byte[] k : ACCOUNTS) {
            assertThat(prewriteLock(k)).as("lock left on %s", TableKeysDebug.show(k)).isNull();
        }
        for (String n : LIST_NAMES) {
            assertThat(prewriteLock(listKey(n))).as("lock left on %s", n).isNull();
        }
    }

    private KeyLock prewriteLock(byte[] key) {
        try (MvccReader r = raw(key)) {
            var l = r.loadLock(key);
            return l == null || l.isPessimistic() ? null : new KeyLock(key, l);
        }
    }
}
