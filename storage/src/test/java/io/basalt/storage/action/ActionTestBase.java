package io.basalt.storage.action;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.shard.Shard;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.tso.Timestamps;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Common fixture for the action tests: a fresh store per test, its {@link KvService}, and timestamps {@code ts(n)}
 * = base + n. The base sits on a millisecond boundary just above the store's initial max_ts (the concurrency manager
 * starts at the oracle's current value), so a test's hand-picked timestamps behave like literal small numbers: an
 * async prewrite at {@code ts(3)} gets min_commit_ts {@code ts(4)} unless something raised max_ts. All
 * {@code ts(n)} with n &lt; 2^18 share one physical part; {@link #expired()} is a "now" 10 s later, past every TTL
 * used here. Raw lock/write/default records are inspected through {@link TxnStore#shard(int)}.
 */
abstract class ActionTestBase {
    static final long TTL = 500;
    static final Set<Long> NO_BYPASS = Set.of();

    @TempDir
    Path dir;
    TxnStore store;
    KvService kv;
    ConcurrencyManager cm;
    long base;

    @BeforeEach
    void openStore() {
        store = StoreFixture.open(StoreFixture.config(dir), null, faults());
        kv = store.context().kv();
        cm = store.context().cm();
        base = Timestamps.compose(Timestamps.physical(cm.maxTs()) + 1, 0);
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    /** Fault hook of the store: tests replace it to act at a fault point (e.g. a reader racing a prewrite). */
    volatile FaultInjector onFault = FaultInjector.NONE;

    private FaultInjector faults() {
        return (point, startTs) -> onFault.hit(point, startTs);
    }

    long ts(long n) {
        return base + n;
    }

    /** A current ts at which every lock of this test (ttl up to 5 s) has expired. */
    long expired() {
        return Timestamps.compose(Timestamps.physical(base) + 10_000, 0);
    }

    int shardOf(byte[] key) {
        return store.regions().shardOf(key);
    }

    static byte[] b(String s) {
        return StoreFixture.bytes(s);
    }

    static String s(byte[] v) {
        return StoreFixture.str(v);
    }

    // ---- prewrite requests

    /** Fluent builder of a prewrite request (all mutations of one request must be on one shard). */
    final class Pw {
        private final byte[] primary;
        private final long startTs;
        private final List<Mutation> mutations = new ArrayList<>();
        private final List<Boolean> locked = new ArrayList<>();
        private long ttl = TTL;
        private long forUpdateTs;
        private long minCommitTs;
        private long maxCommitTs;
        private boolean async;
        private List<byte[]> secondaries = List.of();
        private boolean onePc;
        private byte[] outbox;

        Pw(byte[] primary, long startTs) {
            this.primary = primary;
            this.startTs = startTs;
        }

        Pw add(Mutation m) {
            mutations.add(m);
            locked.add(false);
            return this;
        }

        Pw put(byte[] key, String value) {
            return add(Mutation.put(key, b(value)));
        }

        Pw put(byte[] key, byte[] value) {
            return add(Mutation.put(key, value));
        }

        /** A mutation of a pessimistic transaction on a key it locked pessimistically. */
        Pw putLocked(byte[] key, String value) {
            mutations.add(Mutation.put(key, b(value)));
            locked.add(true);
            return this;
        }

        Pw ttl(long v) {
            ttl = v;
            return this;
        }

        Pw forUpdate(long v) {
            forUpdateTs = v;
            return this;
        }

        Pw min(long v) {
            minCommitTs = v;
            return this;
        }

        Pw max(long v) {
            maxCommitTs = v;
            return this;
        }

        Pw async(byte[]... secondaryKeys) {
            async = true;
            secondaries = List.of(secondaryKeys);
            return this;
        }

        Pw onePc() {
            onePc = true;
            return this;
        }

        Pw outbox(byte[] payload) {
            outbox = payload;
            return this;
        }

        PrewriteRequest request() {
            boolean[] pl = null;
            if (forUpdateTs != 0) {
                pl = new boolean[locked.size()];
                for (int i = 0; i < pl.length; i++) {
                    pl[i] = locked.get(i);
                }
            }
            return new PrewriteRequest(List.copyOf(mutations), pl, primary, startTs, ttl, mutations.size(),
                    forUpdateTs, minCommitTs, maxCommitTs, async, secondaries, onePc, outbox);
        }

        PrewriteResult run() {
            return kv.prewrite(shardOf(mutations.get(0).key()), request());
        }
    }

    Pw pw(byte[] primary, long startTs) {
        return new Pw(primary, startTs);
    }

    /** Prewrites (2PC) and commits one put. */
    void commitPut(byte[] key, String value, long startTs, long commitTs) {
        pw(key, startTs).put(key, value).run();
        kv.commit(shardOf(key), List.of(key), startTs, commitTs);
    }

    void commit(byte[] key, long startTs, long commitTs) {
        kv.commit(shardOf(key), List.of(key), startTs, commitTs);
    }

    String get(byte[] key, long readTs) {
        return s(kv.get(shardOf(key), key, readTs, NO_BYPASS));
    }

    PessimisticLockResult pessimisticLock(byte[] primary, long startTs, long forUpdateTs, byte[]... keys) {
        return kv.acquirePessimisticLock(shardOf(keys[0]),
                new PessimisticLockRequest(List.of(keys), null, primary, startTs, forUpdateTs, TTL, false));
    }

    TxnStatus checkTxnStatus(byte[] primary, long lockTs, long callerStartTs, long currentTs) {
        return kv.checkTxnStatus(shardOf(primary), primary, lockTs, callerStartTs, currentTs, false, false, false);
    }

    // ---- raw inspection of one shard's column families

    MvccReader raw(byte[] key) {
        Shard shard = store.shard(shardOf(key));
        return new MvccReader(shard.snapshot());
    }

    Lock lockOf(byte[] key) {
        try (MvccReader r = raw(key)) {
            return r.loadLock(key);
        }
    }

    Write writeAt(byte[] key, long ts) {
        try (MvccReader r = raw(key)) {
            return r.writeAt(key, ts);
        }
    }

    /** All write-CF records of the key, newest first. */
    List<VersionedWrite> writes(byte[] key) {
        try (MvccReader r = raw(key)) {
            return r.writesBetween(key, 0, Long.MAX_VALUE);
        }
    }

    List<Long> writeTimestamps(byte[] key) {
        return writes(key).stream().map(VersionedWrite::commitTs).toList();
    }

    byte[] defaultValue(byte[] key, long startTs) {
        Shard shard = store.shard(shardOf(key));
        try (MvccReader r = new MvccReader(shard.snapshot())) {
            return r.snapshot().get(shard.defaultCf(), MvccKeys.versionKey(key, startTs));
        }
    }

    static void assertSameKey(byte[] actual, byte[] expected) {
        assertThat(Arrays.equals(actual, expected)).as("key %s equals %s", Arrays.toString(actual),
                Arrays.toString(expected)).isTrue();
    }

    static byte[] longValue(char c) {
        byte[] v = new byte[Lock.SHORT_VALUE_MAX_LEN + 45];
        Arrays.fill(v, (byte) c);
        return v;
    }
}
