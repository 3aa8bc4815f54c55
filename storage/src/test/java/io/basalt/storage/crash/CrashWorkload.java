package io.basalt.storage.crash;

import io.basalt.storage.TxnStore;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnOptions;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child process of the crash tests: opens the store on a data directory with a {@link FileCommitSink}, runs
 * concurrent writers over all three commit paths and dies abruptly — {@code Runtime.halt(137)}, no shutdown hooks,
 * no {@code close()} — on the N-th hit of a chosen fault point, or is killed by the parent (SIGKILL).
 *
 * <p>Every transaction writes the value {@link #value(long, String)} (its start ts as marker) to each of its keys,
 * or deletes some of them. Before {@code commit()} a writer appends {@code TXN startTs kind key...} (a deleted key
 * prefixed with {@code -}) to the event log, and after
 * {@code commit()} returned {@code ACK startTs commitTs path}; each line is one unbuffered write, so what the
 * parent reads after the kill is exactly what happened before it.
 *
 * <p>Arguments: {@code dataDir sinkFile eventFile point|none filter hitN seed threads maxMillis}; the filter is
 * {@code any}, a kind tag prefix (only hits on behalf of a committing transaction of that kind count), or
 * {@code recovery} (only hits while the store opens count).
 */
public final class CrashWorkload {
    /** Rows 0..ROWS-1 of table 1 live on one shard, index entries 0..INDEXES-1 on another. */
    static final int ROWS = 40;
    static final int INDEXES = 40;
    /** Transactions with more keys than this take 2PC although async commit is enabled. */
    static final int ASYNC_KEYS_LIMIT = 4;
    static final int HALT_CODE = 137;
    static final int EXIT_FAULT_NOT_REACHED = 3;
    /** Fault filter: only while the store opens (crash recovery); the child dies right after opening otherwise. */
    static final String RECOVERY = "recovery";

    /** What a transaction is built to exercise. */
    enum Kind {
        /** Rows only: one shard. */
        ONE_PC("1pc"),
        /** Rows and index entries, few keys: 1PC in one write of both shards. */
        ONE_PC_ACROSS("1pc-across"),
        /**
         * Rows, maybe index entries, committed as an event loop commits: staged without waiting and written by the
         * store's commit writer (or, refused, by {@code commit()} as a worker would).
         */
        ONE_PC_NO_WAIT("1pc-nowait"),
        /** Rows and index entries, few keys, 1PC disabled. */
        ASYNC("async"),
        /** Rows and index entries with 1PC and async commit disabled. */
        TWO_PC("2pc"),
        /** More keys than the async-commit limit. */
        TWO_PC_BIG("2pc-big"),
        /** Rows only, 1PC and async commit disabled: 2PC on one shard. */
        TWO_PC_ONE_SHARD("2pc-1shard");

        final String tag;

        Kind(String tag) {
            this.tag = tag;
        }

        static Kind ofTag(String tag) {
            for (Kind k : values()) {
                if (k.tag.equals(tag)) {
                    return k;
                }
            }
            throw new IllegalArgumentException(tag);
        }
    }

    private CrashWorkload() {
    }

    static StoreConfig config(Path dataDir) {
        StoreConfig c = StoreFixture.config(dataDir);
        c.asyncCommitKeysLimit = ASYNC_KEYS_LIMIT;
        c.lockWaitTimeoutMs = 2000;
        return c;
    }

    static byte[] key(String name) {
        long n = Long.parseLong(name.substring(1));
        return switch (name.charAt(0)) {
            case 'r' -> StoreFixture.row(n);
            case 'i' -> StoreFixture.index(n);
            default -> throw new IllegalArgumentException(name);
        };
    }

    static List<String> allKeyNames() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            out.add("r" + i);
        }
        for (int i = 0; i < INDEXES; i++) {
            out.add("i" + i);
        }
        return out;
    }

    /** The value transaction {@code startTs} writes to {@code key}: its marker, sometimes long (stored apart). */
    static String value(long startTs, String key) {
        String v = "s" + startTs + ":" + key;
        if (((startTs ^ key.hashCode()) & 3) == 0) {
            v = v + "|" + "x".repeat(300);
        }
        return v;
    }

    /** The writer's start ts encoded in a value. */
    static long marker(String value) {
        return Long.parseLong(value.substring(1, value.indexOf(':')));
    }

    static byte[] payload(long startTs) {
        return ("binlog-events-of-" + startTs).getBytes(StandardCharsets.US_ASCII);
    }

    /** Append-only event log; each line is a single unbuffered write. */
    static final class EventLog implements AutoCloseable {
        private final FileOutputStream out;

        EventLog(Path file) {
            try {
                this.out = new FileOutputStream(file.toFile(), true);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        synchronized void line(String s) {
            try {
                out.write((s + "\n").getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public synchronized void close() {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Outcome of one attempted transaction. */
    record Outcome(long startTs, long commitTs, String result) {
    }

    /**
     * Runs one transaction of {@code kind} with random keys, logging TXN before commit and ACK after it returned.
     *
     * @param committing start ts → kind of the transactions inside {@code commit()} (for fault filters)
     */
    static Outcome runOne(TxnStore store, Random rnd, Kind kind, boolean pessimistic, EventLog log,
                          Map<Long, Kind> committing) {
        TreeSet<String> keys = new TreeSet<>();
        switch (kind) {
            case ONE_PC, TWO_PC_ONE_SHARD -> {
                int n = 1 + rnd.nextInt(3);
                while (keys.size() < n) {
                    keys.add("r" + rnd.nextInt(ROWS));
                }
            }
            case ONE_PC_ACROSS, ONE_PC_NO_WAIT, ASYNC, TWO_PC -> {
                int rows = 1 + rnd.nextInt(2);
                int idx = 1 + rnd.nextInt(2);
                while (keys.size() < rows) {
                    keys.add("r" + rnd.nextInt(ROWS));
                }
                while (keys.size() < rows + idx) {
                    keys.add("i" + rnd.nextInt(INDEXES));
                }
            }
            case TWO_PC_BIG -> {
                int n = ASYNC_KEYS_LIMIT + 1 + rnd.nextInt(4);
                while (keys.size() < n) {
                    keys.add(rnd.nextBoolean() ? "r" + rnd.nextInt(ROWS) : "i" + rnd.nextInt(INDEXES));
                }
            }
            default -> throw new IllegalStateException();
        }
        TxnOptions o = store.defaultOptions().withPessimistic(pessimistic)
                .withLockWaitTimeoutMs(2000);
        switch (kind) {
            case ASYNC -> o = o.withOnePc(false);
            case TWO_PC -> o = o.withAsyncCommit(false).withOnePc(false);
            case TWO_PC_ONE_SHARD -> o = o.withAsyncCommit(false).withOnePc(false);
            default -> { }
        }
        Transaction t = store.begin(o);
        long startTs = t.startTs();
        try {
            List<String> tokens = new ArrayList<>();
            for (String k : keys) {
                if (rnd.nextInt(6) == 0) {
                    t.delete(key(k));
                    tokens.add("-" + k);
                } else {
                    t.put(key(k), value(startTs, k).getBytes(StandardCharsets.US_ASCII));
                    tokens.add(k);
                }
            }
            log.line("TXN " + startTs + " " + kind.tag + " " + String.join(" ", tokens));
            committing.put(startTs, kind);
            long commitTs;
            try {
                commitTs = kind == Kind.ONE_PC_NO_WAIT ? commitWithoutWaiting(t, payload(startTs))
                        : t.commit(payload(startTs));
            } finally {
                committing.remove(startTs);
            }
            log.line("ACK " + startTs + " " + commitTs + " " + t.commitPath());
            return new Outcome(startTs, commitTs, "ack");
        } catch (RuntimeException e) {
            log.line("FAIL " + startTs + " " + e.getClass().getSimpleName());
            t.close();
            return new Outcome(startTs, 0, e.getClass().getSimpleName());
        }
    }

    /** As the server's event loop commits: without waiting, else (refused) as a worker does. */
    private static long commitWithoutWaiting(Transaction t, byte[] payload) {
        CompletableFuture<Long> durable;
        try (NoWaitScope ignored = NoWaitScope.enter(10_000)) {
            durable = t.commitWithoutWaiting(payload);
        } catch (WouldBlockException e) {
            return t.commit(payload);
        }
        try {
            return durable.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Path.of(args[0]);
        Path sinkFile = Path.of(args[1]);
        Path eventFile = Path.of(args[2]);
        String point = args[3];
        String filter = args[4];
        long hitN = Long.parseLong(args[5]);
        long seed = Long.parseLong(args[6]);
        int threads = Integer.parseInt(args[7]);
        long maxMillis = Long.parseLong(args[8]);

        EventLog log = new EventLog(eventFile);
        Map<Long, Kind> committing = new ConcurrentHashMap<>();
        AtomicLong hits = new AtomicLong();
        AtomicBoolean opening = new AtomicBoolean(true);
        FaultInjector faults = point.equals("none") ? FaultInjector.NONE : (p, startTs) -> {
            if (!p.equals(point)) {
                return;
            }
            if (filter.equals(RECOVERY)) {
                if (!opening.get()) {
                    return;
                }
            } else if (!filter.equals("any")) {
                Kind k = committing.get(startTs);
                if (k == null || !k.tag.startsWith(filter)) {
                    return;
                }
            }
            if (hits.incrementAndGet() == hitN) {
                log.line("HALT " + point + " " + startTs);
                Runtime.getRuntime().halt(HALT_CODE);
            }
        };
        FileCommitSink sink = FileCommitSink.open(sinkFile);
        TxnStore store = StoreFixture.open(config(dataDir), sink, faults);
        opening.set(false);
        log.line("OPEN " + store.recoveryReport());
        if (filter.equals(RECOVERY)) {
            log.line("HALT " + point + " not reached during recovery (" + hits.get() + " hits)");
            Runtime.getRuntime().halt(HALT_CODE);
        }
        long deadline = System.nanoTime() + maxMillis * 1_000_000;
        AtomicInteger acks = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        Kind[] kinds = Kind.values();
        for (int i = 0; i < threads; i++) {
            Random rnd = new Random(seed * 31 + i);
            Thread w = new Thread(() -> {
                while (System.nanoTime() < deadline) {
                    Kind kind = kinds[rnd.nextInt(kinds.length)];
                    Outcome o = runOne(store, rnd, kind, rnd.nextInt(4) != 0, log, committing);
                    if (o.result().equals("ack")) {
                        acks.incrementAndGet();
                    }
                }
            }, "crash-writer-" + i);
            w.start();
            workers.add(w);
        }
        for (Thread w : workers) {
            w.join();
        }
        log.line("END acks=" + acks.get() + " hits=" + hits.get());
        System.out.flush();
        // the fault point was not reached in time: the parent treats this as a failure of the scenario
        Runtime.getRuntime().halt(point.equals("none") ? 0 : EXIT_FAULT_NOT_REACHED);
    }
}
