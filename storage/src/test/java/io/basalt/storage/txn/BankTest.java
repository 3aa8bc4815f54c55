package io.basalt.storage.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.error.LockWaitTimeoutException;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.error.UndeterminedResultException;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.testing.InMemoryCommitSink;
import io.basalt.storage.testing.StoreFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jepsen-style bank: concurrent transfers between accounts spread over all four shards, through every commit path
 * (1PC for same-shard pairs, async commit and 2PC across shards), pessimistic and optimistic, while some clients
 * abandon their transaction mid-commit (locks left to lock resolution) and snapshot readers check that every
 * snapshot sees the same total. Afterwards: the total is unchanged, no lock is left, and the commit sink holds every
 * acknowledged transaction exactly once, in commit-ts order (DESIGN.md §3.7, invariants I2–I5).
 */
class BankTest {
    /** Transfer phase of the default run. */
    static final long DEFAULT_DURATION_MS = 4_000;
    /** Transfer phase of the long run (-Plong). */
    static final long LONG_DURATION_MS = 25_000;

    static final long[] TABLES = {10, 11, 12, 13}; // rows of table t live on shard t mod 4: all four shards
    static final int ACCOUNTS_PER_TABLE = 32;
    static final int ACCOUNTS = TABLES.length * ACCOUNTS_PER_TABLE;
    static final long INITIAL_BALANCE = 1_000;
    static final long TOTAL = ACCOUNTS * INITIAL_BALANCE;
    static final int WRITERS = 16;
    static final int READERS = 3;
    static final int ABANDON_PERCENT = 3;

    /**
     * The client-side points where a client "goes away" (never BEFORE_PRIMARY_COMMIT: that one is a crash). A
     * transfer prewrites both its keys in one write, so there is no point between a secondary's and the primary's.
     */
    static final String[] ABANDON_POINTS = {
        FaultPoints.AFTER_PRIMARY_PREWRITE,
        FaultPoints.AFTER_ALL_PREWRITES,
        FaultPoints.AFTER_PRIMARY_COMMIT,
        FaultPoints.BEFORE_SECONDARY_COMMIT,
    };

    @TempDir
    Path dir;

    @Test
    void transfersKeepTheTotal() throws Exception {
        run(DEFAULT_DURATION_MS);
    }

    @Test
    @Tag("long")
    void transfersKeepTheTotalLong() throws Exception {
        run(LONG_DURATION_MS);
    }

    /** Thrown by the fault injector: the client abandons its transaction right here. */
    static final class ClientAbandoned extends RuntimeException {
        final String point;

        ClientAbandoned(String point, long startTs) {
            super("client abandoned txn " + startTs + " at " + point);
            this.point = point;
        }
    }

    /** Throws {@link ClientAbandoned} for transactions planned to be abandoned, at their planned point. */
    static final class AbandonInjector implements FaultInjector {
        final Map<Long, String> plan = new ConcurrentHashMap<>();
        final Map<String, AtomicInteger> thrown = new ConcurrentHashMap<>();

        @Override
        public void hit(String point, long startTs) {
            String planned = plan.get(startTs);
            if (planned != null && planned.equals(point)) {
                thrown.computeIfAbsent(point, p -> new AtomicInteger()).incrementAndGet();
                throw new ClientAbandoned(point, startTs);
            }
        }
    }

    record Committed(long commitTs, CommitPath path, byte[] payload, boolean multiShard) {
    }

    /** One transfer attempt that got as far as commit, for explaining a wrong total. */
    record Attempt(long startTs, long commitTs, int from, int to, long amount, String outcome, TxnOptions options,
                   CommitPath path, long readFrom, long readTo) {
    }

    /** Every attempt of the current run (tests of this class run one at a time). */
    static final ConcurrentLinkedQueue<Attempt> JOURNAL = new ConcurrentLinkedQueue<>();

    static byte[] account(int i) {
        return TableKeys.rowKey(TABLES[i % TABLES.length], i / TABLES.length);
    }

    static byte[] encode(long v) {
        return Long.toString(v).getBytes(StandardCharsets.US_ASCII);
    }

    static long decode(byte[] v) {
        if (v == null) {
            throw new AssertionError("account value missing");
        }
        return Long.parseLong(new String(v, StandardCharsets.US_ASCII));
    }

    static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        x ^= x >>> 33;
        return x;
    }

    private void run(long durationMs) throws Exception {
        StoreConfig cfg = StoreFixture.config(dir);
        cfg.asyncCommitSafeWindowMs = 500; // abandoned async locks expire sooner (their TTL covers the window)
        InMemoryCommitSink sink = new InMemoryCommitSink();
        AbandonInjector faults = new AbandonInjector();
        JOURNAL.clear();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS + READERS, r -> {
            Thread t = new Thread(r, "bank-client");
            t.setDaemon(true);
            return t;
        });
        try (TxnStore store = StoreFixture.open(cfg, sink, faults)) {
            for (long table : TABLES) {
                store.placeTable(table, List.of());
            }
            Set<Integer> shardsUsed = new HashSet<>();
            for (int i = 0; i < ACCOUNTS; i++) {
                shardsUsed.add(store.regions().shardOf(account(i)));
            }
            assertThat(shardsUsed).as("accounts cover every shard").hasSize(store.shardCount());

            Transaction init = store.begin(store.defaultOptions().withPessimistic(false));
            for (int i = 0; i < ACCOUNTS; i++) {
                init.put(account(i), encode(INITIAL_BALANCE));
            }
            init.commit("init".getBytes(StandardCharsets.US_ASCII));
            Map<Long, Committed> committed = new ConcurrentHashMap<>();
            committed.put(init.startTs(), new Committed(init.commitTs(), init.commitPath(),
                    "init".getBytes(StandardCharsets.US_ASCII), true));

            Set<Long> abandoned = ConcurrentHashMap.newKeySet();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong snapshotsChecked = new AtomicLong();
            AtomicLong retries = new AtomicLong();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(durationMs);

            List<Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int worker = w;
                futures.add(pool.submit(() -> {
                    try {
                        writer(store, faults, worker, deadline, stop, committed, abandoned, retries);
                    } catch (Throwable e) {
                        failures.add(e);
                        stop.set(true);
                    }
                }));
            }
            for (int r = 0; r < READERS; r++) {
                int reader = r;
                futures.add(pool.submit(() -> {
                    try {
                        reader(store, reader, stop, deadline, snapshotsChecked);
                    } catch (Throwable e) {
                        failures.add(e);
                        stop.set(true);
                    }
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get(durationMs + 30_000, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    stop.set(true);
                    throw new AssertionError("a bank client is stuck (pipeline or lock wait never ends); failures so "
                            + "far: " + failures + "\n" + clientStacks(), e);
                }
            }
            if (!failures.isEmpty()) {
                AssertionError err = new AssertionError("bank clients failed: " + failures.peek());
                failures.forEach(err::addSuppressed);
                throw err;
            }

            // a fresh snapshot reads everything (resolving what abandoned clients left) and sees the total
            assertThat(snapshotTotal(store, false)).isEqualTo(TOTAL);
            // no lock is left forever (I5): readers and writers resolve them once their TTL passed
            assertNoLocksRemain(store);
            assertThat(snapshotTotal(store, true)).isEqualTo(TOTAL);

            // the workload did what it claims to do
            assertThat(snapshotsChecked.get()).as("snapshots checked by readers").isPositive();
            EnumSet<CommitPath> paths = EnumSet.noneOf(CommitPath.class);
            committed.values().forEach(c -> paths.add(c.path()));
            assertThat(paths).as("commit paths used").containsExactlyInAnyOrder(CommitPath.values());
            assertThat(committed.values().stream().filter(c -> c.path() == CommitPath.ONE_PC && !c.multiShard()))
                    .as("single-shard transfers committed by 1PC").isNotEmpty();
            assertThat(committed.values().stream().filter(c -> c.path() == CommitPath.ONE_PC && c.multiShard()))
                    .as("multi-shard transfers committed by 1PC in one write").isNotEmpty();
            assertThat(committed.values().stream().filter(c -> c.multiShard() && c.path() == CommitPath.ASYNC_COMMIT))
                    .as("multi-shard transfers committed by async commit").isNotEmpty();
            for (String p : ABANDON_POINTS) {
                assertThat(faults.thrown.get(p)).as("clients abandoned at " + p).isNotNull();
            }
            assertThat(abandoned).isNotEmpty();

            // the sink: ordered, exactly once, every acknowledged commit with the commit ts the client saw (I2, I3)
            List<DecidedTxn> delivered = sink.delivered();
            for (int i = 1; i < delivered.size(); i++) {
                assertThat(delivered.get(i).compareTo(delivered.get(i - 1))).as("sink order").isPositive();
            }
            Set<Long> seen = new HashSet<>();
            for (DecidedTxn d : delivered) {
                assertThat(seen.add(d.startTs())).as("delivered once: " + d).isTrue();
                assertThat(committed.containsKey(d.startTs()) || abandoned.contains(d.startTs()))
                        .as("sink holds only transactions that committed (or whose client left after the decision): "
                                + d).isTrue();
            }
            for (var e : committed.entrySet()) {
                DecidedTxn d = sink.byStartTs(e.getKey());
                assertThat(d).as("acknowledged txn " + e.getKey() + " in the sink").isNotNull();
                assertThat(d.commitTs()).isEqualTo(e.getValue().commitTs());
                assertThat(d.path()).as("path delivered = Transaction.commitPath()").isEqualTo(e.getValue().path());
                assertThat(d.payload()).isEqualTo(e.getValue().payload());
            }
            assertThat(delivered.size()).isGreaterThanOrEqualTo(committed.size());
            System.out.printf("bank: %d commits (%s), %d abandoned (%s), %d retries, %d snapshots checked%n",
                    committed.size(), countByPath(committed), abandoned.size(), faults.thrown, retries.get(),
                    snapshotsChecked.get());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Where the bank clients are, for a failure message. */
    private static String clientStacks() {
        StringBuilder sb = new StringBuilder();
        Thread.getAllStackTraces().forEach((t, frames) -> {
            if (t.getName().equals("bank-client") && frames.length > 0) {
                sb.append(t.getName()).append(' ').append(t.getState()).append('\n');
                for (int i = 0; i < Math.min(frames.length, 12); i++) {
                    sb.append("    at ").append(frames[i]).append('\n');
                }
            }
        });
        return sb.toString();
    }

    private static Map<CommitPath, Long> countByPath(Map<Long, Committed> committed) {
        Map<CommitPath, Long> out = new java.util.EnumMap<>(CommitPath.class);
        committed.values().forEach(c -> out.merge(c.path(), 1L, Long::sum));
        return out;
    }

    private static void writer(TxnStore store, AbandonInjector faults, int worker, long deadline, AtomicBoolean stop,
                               Map<Long, Committed> committed, Set<Long> abandoned, AtomicLong retries) {
        Random rnd = new Random(0xBA5A17L * (worker + 1));
        // every worker first abandons one transfer at a point chosen for it, so each point is exercised for sure
        String forced = ABANDON_POINTS[worker % ABANDON_POINTS.length];
        while (!stop.get() && (System.nanoTime() < deadline || forced != null)) {
            int a = rnd.nextInt(ACCOUNTS);
            int b;
            boolean sameShard = forced == null && rnd.nextInt(100) < 40;
            do {
                b = sameShard ? (a % TABLES.length) + TABLES.length * rnd.nextInt(ACCOUNTS_PER_TABLE)
                        : rnd.nextInt(ACCOUNTS);
            } while (b == a || (forced != null && b % TABLES.length == a % TABLES.length));
            long amount = 1 + rnd.nextInt(50);
            TxnOptions opts = store.defaultOptions()
                    .withPessimistic(forced != null || rnd.nextBoolean())
                    .withAsyncCommit(forced != null ? !forced.equals(FaultPoints.AFTER_PRIMARY_COMMIT)
                            && !forced.equals(FaultPoints.BEFORE_SECONDARY_COMMIT) : rnd.nextBoolean())
                    .withOnePc(forced == null && rnd.nextBoolean()) // a forced fault point is on the 2PC/async path
                    .withCausalConsistencyOnly(rnd.nextInt(4) == 0);
            String outcome = transfer(store, faults, opts, a, b, amount, forced, committed, abandoned, retries, stop);
            if (forced != null && (outcome.equals(forced) || outcome.equals("committed")
                    && forced.equals(FaultPoints.BEFORE_SECONDARY_COMMIT))) {
                forced = null;
            }
        }
    }

    /** One transfer, retried until it commits or its client abandons it; returns "committed" or the abandon point. */
    private static String transfer(TxnStore store, AbandonInjector faults, TxnOptions opts, int a, int b,
                                   long amount, String forced, Map<Long, Committed> committed, Set<Long> abandoned,
                                   AtomicLong retries, AtomicBoolean stop) {
        byte[] ka = account(a);
        byte[] kb = account(b);
        boolean multiShard = store.regions().shardOf(ka) != store.regions().shardOf(kb);
        while (!stop.get()) {
            Transaction t = store.begin(opts);
            long startTs = t.startTs(); // the plan stays: a background secondary commit may hit it after commit
            long h = mix(startTs);
            if (forced != null) {
                faults.plan.put(startTs, forced);
            } else if (Math.floorMod(h, 100) < ABANDON_PERCENT) {
                faults.plan.put(startTs, ABANDON_POINTS[(int) Math.floorMod(h >>> 16, (long) ABANDON_POINTS.length)]);
            }
            long va = Long.MIN_VALUE;
            long vb = Long.MIN_VALUE;
            try {
                if (opts.pessimistic()) {
                    List<byte[]> vals = t.lockKeys(List.of(ka, kb), true, null);
                    va = decode(vals.get(0));
                    vb = decode(vals.get(1));
                } else {
                    va = decode(t.get(ka));
                    vb = decode(t.get(kb));
                }
                t.put(ka, encode(va - amount));
                t.put(kb, encode(vb + amount));
                byte[] payload = ("xfer " + a + "->" + b + " " + amount + " @" + startTs)
                        .getBytes(StandardCharsets.US_ASCII);
                long commitTs = t.commit(payload);
                assertThat(commitTs).isGreaterThan(startTs);
                assertThat(t.commitTs()).isEqualTo(commitTs);
                assertThat(t.state()).isEqualTo(Transaction.State.COMMITTED);
                if (opts.onePc()) { // 1PC (on one shard or across two), or 2PC after meeting another txn's lock
                    assertThat(t.commitPath()).as("small txn with 1PC on").isNotEqualTo(CommitPath.ASYNC_COMMIT);
                } else {
                    assertThat(t.commitPath()).isNotEqualTo(CommitPath.ONE_PC);
                }
                committed.put(startTs, new Committed(commitTs, t.commitPath(), payload, multiShard));
                JOURNAL.add(new Attempt(startTs, commitTs, a, b, amount, "committed", opts, t.commitPath(), va, vb));
                return "committed";
            } catch (ClientAbandoned e) {
                assertThat(t.state()).isEqualTo(Transaction.State.FAILED);
                abandoned.add(startTs);
                JOURNAL.add(new Attempt(startTs, 0, a, b, amount, "abandoned@" + e.point, opts, null, va, vb));
                return e.point;
            } catch (UndeterminedResultException e) {
                // a client that leaves after every async prewrite succeeded: decided, but not confirmed to it
                if (!(e.getCause() instanceof ClientAbandoned ca)) {
                    throw e;
                }
                assertThat(ca.point).isEqualTo(FaultPoints.AFTER_ALL_PREWRITES);
                assertThat(t.state()).isEqualTo(Transaction.State.FAILED);
                abandoned.add(startTs);
                JOURNAL.add(new Attempt(startTs, 0, a, b, amount, "abandoned@" + ca.point, opts, null, va, vb));
                return ca.point;
            } catch (TransactionAbortedException e) {
                // write conflict, deadlock or rolled back by a resolver: nothing committed, the txn is rolled back
                assertThat(t.state()).isEqualTo(Transaction.State.ROLLED_BACK);
                retries.incrementAndGet();
            } catch (LockWaitTimeoutException e) {
                t.rollback();
                retries.incrementAndGet();
            }
        }
        return "stopped";
    }

    private static void reader(TxnStore store, int reader, AtomicBoolean stop, long deadline,
                               AtomicLong snapshotsChecked) {
        List<byte[]> all = new ArrayList<>();
        for (int i = 0; i < ACCOUNTS; i++) {
            all.add(account(i));
        }
        int round = 0;
        while (!stop.get() && System.nanoTime() < deadline) {
            Transaction t = store.begin(store.defaultOptions().withPessimistic(round % 2 == 0));
            long sum = 0;
            int count;
            long[] balances = new long[ACCOUNTS];
            if ((round + reader) % 3 == 2) {
                List<byte[]> vals = t.batchGet(all);
                count = vals.size();
                for (int i = 0; i < vals.size(); i++) {
                    balances[i] = decode(vals.get(i));
                    sum += balances[i];
                }
            } else {
                List<KvPair> rows = scanAll(t, (round + reader) % 3 == 1);
                count = rows.size();
                for (KvPair p : rows) {
                    long v = decode(p.value());
                    balances[accountOf(p.key())] = v;
                    sum += v;
                }
            }
            assertThat(count).as("accounts visible at snapshot " + t.startTs()).isEqualTo(ACCOUNTS);
            if (sum != TOTAL) {
                throw new AssertionError("total at snapshot " + t.startTs() + " is " + sum + ", expected " + TOTAL
                        + "; journal of all attempts in " + dumpJournal(t.startTs()) + "\n"
                        + explain(t.startTs(), balances));
            }
            assertThat(t.commit(null)).isZero();
            snapshotsChecked.incrementAndGet();
            round++;
        }
    }

    /** Writes every attempt of the run to a file in the temp directory; returns its path. */
    static String dumpJournal(long snapshotTs) {
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "bank-journal-" + snapshotTs + ".txt");
        try {
            java.nio.file.Files.write(file, JOURNAL.stream().map(Attempt::toString).toList());
            return file.toString();
        } catch (java.io.IOException e) {
            return "(not written: " + e + ")";
        }
    }

    static int accountOf(byte[] key) {
        for (int t = 0; t < TABLES.length; t++) {
            if (java.util.Arrays.equals(TableKeys.rowKey(TABLES[t], TableKeys.decodeHandle(key)), key)) {
                return (int) TableKeys.decodeHandle(key) * TABLES.length + t;
            }
        }
        throw new AssertionError("not an account key");
    }

    /**
     * Compares the balances a snapshot saw with a replay of the acknowledged transfers committed at or below it;
     * lists the accounts that differ and every attempt that touched them.
     */
    static String explain(long snapshotTs, long[] seen) {
        long[] expected = new long[ACCOUNTS];
        java.util.Arrays.fill(expected, INITIAL_BALANCE);
        List<Attempt> attempts = new ArrayList<>(JOURNAL);
        for (Attempt x : attempts) {
            if (x.commitTs() != 0 && x.commitTs() <= snapshotTs) {
                expected[x.from()] -= x.amount();
                expected[x.to()] += x.amount();
            }
        }
        StringBuilder sb = new StringBuilder();
        // every acknowledged transfer must have read the balances left by the transfers committed before it
        List<Attempt> byCommit = new ArrayList<>(attempts.stream().filter(x -> x.commitTs() != 0).toList());
        byCommit.sort(java.util.Comparator.comparingLong(Attempt::commitTs));
        long[] running = new long[ACCOUNTS];
        java.util.Arrays.fill(running, INITIAL_BALANCE);
        sb.append("acknowledged transfers that read a balance other than the one left by the acknowledged transfers"
                + " committed before them (abandoned transfers may explain some):\n");
        for (Attempt x : byCommit) {
            if (x.readFrom() != running[x.from()] || x.readTo() != running[x.to()]) {
                sb.append("  ").append(x).append(" expected reads ").append(running[x.from()]).append('/')
                        .append(running[x.to()]).append('\n');
            }
            running[x.from()] = x.readFrom() - x.amount();
            running[x.to()] = x.readTo() + x.amount();
        }
        sb.append("accounts that differ from the replay of acknowledged transfers (abandoned"
                + " ones may legitimately explain a difference):\n");
        for (int i = 0; i < ACCOUNTS; i++) {
            if (expected[i] != seen[i]) {
                sb.append("  account ").append(i).append(" shard-table ").append(TABLES[i % TABLES.length])
                        .append(": seen ").append(seen[i]).append(", acknowledged replay ").append(expected[i])
                        .append('\n');
                for (Attempt x : attempts) {
                    if (x.from() == i || x.to() == i) {
                        sb.append("      ").append(x).append('\n');
                    }
                }
            }
        }
        return sb.toString();
    }

    private static List<KvPair> scanAll(Transaction t, boolean reverse) {
        byte[] start = TableKeys.rowPrefix(TABLES[0]);
        byte[] end = TableKeys.rowRangeEnd(TABLES[TABLES.length - 1]);
        return t.scan(start, end, ACCOUNTS * 2, reverse);
    }

    private static long snapshotTotal(TxnStore store, boolean reverse) {
        Transaction t = store.begin();
        List<KvPair> rows = scanAll(t, reverse);
        assertThat(rows).hasSize(ACCOUNTS);
        long sum = 0;
        for (KvPair p : rows) {
            sum += decode(p.value());
        }
        t.rollback();
        return sum;
    }

    /**
     * Waits (bounded) until no lock is left on any shard. Fresh snapshot reads resolve expired or decided locks
     * they meet; a pessimistic locking read of every account then settles any lock a snapshot read ignores.
     */
    private static void assertNoLocksRemain(TxnStore store) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<KeyLock> left = rawLocks(store);
        int round = 0;
        while (!left.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(50);
            assertThat(snapshotTotal(store, round % 2 == 1)).isEqualTo(TOTAL);
            if (round++ % 10 == 9) {
                Transaction sweep = store.begin(store.defaultOptions().withPessimistic(true)
                        .withLockWaitTimeoutMs(10_000));
                List<byte[]> all = new ArrayList<>();
                for (int i = 0; i < ACCOUNTS; i++) {
                    all.add(account(i));
                }
                long sum = 0;
                for (byte[] v : sweep.lockKeys(all, true, null)) {
                    sum += decode(v);
                }
                assertThat(sum).as("latest committed total").isEqualTo(TOTAL);
                sweep.rollback();
            }
            left = rawLocks(store);
        }
        assertThat(left).as("locks left on the shards").isEmpty();
    }

    /** The store's shards, for raw inspection. */
    static Shard[] shards(TxnStore store) {
        Shard[] out = new Shard[store.shardCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = store.shard(i);
        }
        return out;
    }

    /** Every lock in the lock column family and the in-memory pessimistic lock table of every shard. */
    static List<KeyLock> rawLocks(TxnStore store) {
        List<KeyLock> out = new ArrayList<>();
        for (Shard s : shards(store)) {
            try (MvccReader r = new MvccReader(s.snapshot())) {
                out.addAll(r.scanLocks(new byte[0], new byte[0], l -> true, Integer.MAX_VALUE));
                out.addAll(r.memoryLocks(l -> true));
            }
        }
        return out;
    }
}
