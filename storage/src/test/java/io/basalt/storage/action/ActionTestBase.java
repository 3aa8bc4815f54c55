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
import io.basalt.storage.testing.PrewriteRequestBuilder;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.tso.Timestamps;
import java.nio.file.Path;
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

    /** A prewrite request of this test's store, with lock TTL {@link #TTL} unless overridden. */
    PrewriteRequestBuilder pw(byte[] primary, long startTs) {
        return new PrewriteRequestBuilder(primary, startTs, TTL, this::shardOf, (shard, r) -> kv.prewrite(shard, r));
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
        return PrewriteRequestBuilder.raw(store, key);
    }

    Lock lockOf(byte[] key) {
        return PrewriteRequestBuilder.lockOf(store, key);
    }

    Write writeAt(byte[] key, long ts) {
        return PrewriteRequestBuilder.writeAt(store, key, ts);
    }

    /** All write-CF records of the key, newest first. */
    List<VersionedWrite> writes(byte[] key) {
        return PrewriteRequestBuilder.writes(store, key);
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
