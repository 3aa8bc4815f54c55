package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.basalt.storage.TxnStore;
import io.basalt.storage.action.KvService;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.pipeline.CommitSink;
import io.basalt.storage.testing.PrewriteRequestBuilder;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.tso.Timestamps;
import io.basalt.storage.txn.Transaction;
import io.basalt.storage.txn.TxnOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shared fixture of the §7.7 scenario tests: a fresh store per test whose fault injector is a {@link Pauser}, short
 * TTLs (lock 300 ms, managed/pessimistic 600 ms with a heartbeat every 100 ms, async-commit safe window 300 ms, so an
 * abandoned async lock expires after ~300 ms), client threads, and raw inspection of lock/write records.
 *
 * <p>Key layout (from {@link StoreFixture}): {@code row(n)} on shard 1, {@code index(n)} on shard 2,
 * {@code other(n)} (rows of an unplaced table) on shard 0. Index keys sort before row keys, so an optimistic
 * transaction writing both has an index key as its primary; a pessimistic one has its first locked key.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
abstract class ScenarioBase {
    static final long LOCK_TTL_MS = 300;
    static final long SAFE_WINDOW_MS = 300;
    static final Set<Long> NONE = Set.of();

    @TempDir
    Path dir;

    final Pauser pauser = new Pauser();
    TxnStore store;
    KvService kv;
    ConcurrencyManager cm;
    private final AtomicInteger clientSeq = new AtomicInteger();
    private final ExecutorService clients = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "scenario-client-" + clientSeq.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    StoreConfig config() {
        StoreConfig c = StoreFixture.config(dir);
        c.lockTtlMs = LOCK_TTL_MS;
        c.managedLockTtlMs = 600;
        c.heartbeatIntervalMs = 100;
        c.asyncCommitSafeWindowMs = SAFE_WINDOW_MS;
        c.lockWaitTimeoutMs = 10_000;
        return c;
    }

    TxnStore open() {
        return open(c -> { });
    }

    TxnStore open(Consumer<StoreConfig> tweak) {
        return open(tweak, null);
    }

    /** Opens with {@code sink} (null: no binlog, so commits skip the pipeline's ordered delivery). */
    TxnStore open(Consumer<StoreConfig> tweak, CommitSink sink) {
        StoreConfig c = config();
        tweak.accept(c);
        store = StoreFixture.open(c, sink, pauser);
        kv = store.context().kv();
        cm = store.context().cm();
        return store;
    }

    /** Closes the store (unpausing everything first), as a restart of the process would. */
    void closeStore() {
        pauser.releaseAll();
        if (store != null) {
            store.close();
            store = null;
        }
    }

    @AfterEach
    void tearDown() {
        closeStore();
        clients.shutdownNow();
    }

    // ------------------------------------------------------------------ keys and values

    static byte[] row(long n) {
        return StoreFixture.row(n);
    }

    static byte[] index(long n) {
        return StoreFixture.index(n);
    }

    /** A key of an unplaced table: lives on shard 0. */
    static byte[] other(long n) {
        return TableKeys.rowKey(9, n);
    }

    static byte[] b(String s) {
        return StoreFixture.bytes(s);
    }

    static String s(byte[] v) {
        return StoreFixture.str(v);
    }

    int shardOf(byte[] key) {
        return store.regions().shardOf(key);
    }

    // ------------------------------------------------------------------ transactions

    TxnOptions optimistic() {
        return store.defaultOptions().withPessimistic(false);
    }

    /** Optimistic with 1PC off: a small transaction over several shards then commits async instead of by 1PC. */
    TxnOptions asyncCommit() {
        return optimistic().withOnePc(false);
    }

    TxnOptions pessimistic() {
        return store.defaultOptions().withPessimistic(true);
    }

    /**
     * Commits {@code key = value} pairs (alternating) in one optimistic transaction and waits until its background
     * commit has removed every lock (setup data must not leave locks for the scenario to trip over); returns its
     * commit ts.
     */
    long commitValues(Object... kvPairs) {
        Transaction t = store.begin(optimistic());
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < kvPairs.length; i += 2) {
            keys.add((byte[]) kvPairs[i]);
            t.put((byte[]) kvPairs[i], b((String) kvPairs[i + 1]));
        }
        long c = t.commit(null);
        awaitCondition("background commit of setup data", () -> keys.stream().allMatch(k -> lockOf(k) == null));
        return c;
    }

    /** The value of {@code key} seen by a fresh transaction (which resolves whatever locks it meets). */
    String readFresh(byte[] key) {
        Transaction t = store.begin(optimistic());
        try {
            return s(t.get(key));
        } finally {
            t.rollback();
        }
    }

    /**
     * Rolls back a lock written by a raw prewrite and wakes its waiters, as a transaction's rollback does (a waiter
     * not woken sleeps out its slice, long enough to pass a short max_commit_ts).
     */
    void rollbackAndRelease(byte[] key, long startTs) {
        kv.rollback(shardOf(key), List.of(key), startTs);
        store.context().waits().released(List.of(key));
    }

    /** A store-level point get at {@code readTs} (no lock resolution). */
    String getAt(byte[] key, long readTs) {
        return s(kv.get(shardOf(key), key, readTs, NONE));
    }

    <T> Future<T> async(Callable<T> body) {
        return clients.submit(body);
    }

    Future<?> asyncRun(Runnable body) {
        return clients.submit(body);
    }

    static <T> T get(Future<T> f) {
        try {
            return f.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new RuntimeException(e.getCause());
        } catch (Exception e) {
            throw new AssertionError("client did not finish: " + e, e);
        }
    }

    /** Runs {@code call}, asserts it throws a {@code type}, and returns the exception. */
    static <T extends Throwable> T thrown(Class<T> type, ThrowingCallable call) {
        Throwable t = catchThrowable(call);
        assertThat(t).isInstanceOf(type);
        return type.cast(t);
    }

    /** The innermost cause of {@code t} (itself if it has none). */
    static Throwable root(Throwable t) {
        Throwable r = t;
        while (r != null && r.getCause() != null && r.getCause() != r) {
            r = r.getCause();
        }
        return r;
    }

    /** Waits (bounded) for a condition that another thread is about to make true; never a bare sleep. */
    static void awaitCondition(String what, BooleanSupplier cond) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** Lets {@code ms} of wall time pass: only used to let a lock TTL or the safe window expire. */
    static void letTimePass(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    // ------------------------------------------------------------------ store-level requests

    /** A prewrite request sent as the "client" of an action-level scenario; lock TTL 10 s unless overridden. */
    PrewriteRequestBuilder pw(byte[] primary, long startTs) {
        return new PrewriteRequestBuilder(primary, startTs, 10_000, this::shardOf,
                (shard, r) -> kv.prewrite(shard, r));
    }

    void commitKeys(long startTs, long commitTs, byte[]... keys) {
        for (byte[] k : keys) {
            kv.commit(shardOf(k), List.of(k), startTs, commitTs);
        }
    }

    /** A timestamp {@code ms} milliseconds after {@code ts} (physical part), logical 0. */
    static long plusMs(long ts, long ms) {
        return Timestamps.compose(Timestamps.physical(ts) + ms, 0);
    }

    // ------------------------------------------------------------------ raw inspection

    MvccReader raw(byte[] key) {
        return PrewriteRequestBuilder.raw(store, key);
    }

    Lock lockOf(byte[] key) {
        return PrewriteRequestBuilder.lockOf(store, key);
    }

    /** What the write CF says about transaction {@code startTs} on {@code key}. */
    CommitRecord recordOf(byte[] key, long startTs) {
        try (MvccReader r = raw(key)) {
            return r.txnCommitRecord(key, startTs);
        }
    }

    Write writeAt(byte[] key, long ts) {
        return PrewriteRequestBuilder.writeAt(store, key, ts);
    }

    List<VersionedWrite> writes(byte[] key) {
        return PrewriteRequestBuilder.writes(store, key);
    }

    /** The memory lock of {@code key}, or null. */
    Lock memoryLockOf(byte[] key) {
        Lock[] out = new Lock[1];
        cm.readKeyCheck(key, (k, l) -> out[0] = l);
        return out[0];
    }

    void assertNoLock(byte[]... keys) {
        for (byte[] k : keys) {
            assertThat(lockOf(k)).as("lock on %s", TableKeysDebug.show(k)).isNull();
        }
    }

    void assertCommittedAt(long startTs, long commitTs, byte[]... keys) {
        for (byte[] k : keys) {
            CommitRecord rec = recordOf(k, startTs);
            assertThat(rec.kind()).as("txn %d on %s", startTs, TableKeysDebug.show(k))
                    .isEqualTo(CommitRecord.Kind.COMMITTED);
            assertThat(rec.commitTs()).as("commit ts of txn %d on %s", startTs, TableKeysDebug.show(k))
                    .isEqualTo(commitTs);
        }
    }

    void assertRolledBack(long startTs, byte[]... keys) {
        for (byte[] k : keys) {
            assertThat(recordOf(k, startTs).isRolledBack()).as("txn %d rolled back on %s", startTs,
                    TableKeysDebug.show(k)).isTrue();
        }
    }

    /** Readable key names for assertion messages. */
    static final class TableKeysDebug {
        private TableKeysDebug() {
        }

        static String show(byte[] k) {
            StringBuilder sb = new StringBuilder();
            for (byte x : k) {
                if (x >= 0x20 && x < 0x7f) {
                    sb.append((char) x);
                } else {
                    sb.append(String.format("\\x%02x", x & 0xff));
                }
            }
            return sb.toString();
        }
    }
}
