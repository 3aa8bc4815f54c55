package io.basalt.storage.testing;

import io.basalt.storage.TxnStore;
import io.basalt.storage.action.Mutation;
import io.basalt.storage.action.PrewriteRequest;
import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.mvcc.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Fluent builder of one shard's prewrite request, shared by the action and scenario test bases (all mutations of
 * one request must be on one shard), plus static raw inspection of the lock/write records a request leaves behind.
 *
 * <p>The shard lookup and the send are callbacks, evaluated only when {@link #run()} is called, so a builder always
 * talks to the store its test currently has open.
 */
public final class PrewriteRequestBuilder {
    /** Sends a built request to one shard (e.g. {@code (shard, r) -> kv.prewrite(shard, r)}). */
    @FunctionalInterface
    public interface Sender {
        PrewriteResult prewrite(int shard, PrewriteRequest request);
    }

    private final byte[] primary;
    private final long startTs;
    private final ToIntFunction<byte[]> shardOf;
    private final Sender sender;
    private final List<Mutation> mutations = new ArrayList<>();
    private final List<Boolean> locked = new ArrayList<>();
    private long ttl;
    private long forUpdateTs;
    private long minCommitTs;
    private long maxCommitTs;
    private boolean async;
    private List<byte[]> secondaries = List.of();
    private boolean onePc;
    private byte[] outbox;

    /**
     * @param ttl the request's lock TTL unless {@link #ttl(long)} overrides it
     * @param shardOf the shard of a key (the request goes to its first mutation's shard)
     */
    public PrewriteRequestBuilder(byte[] primary, long startTs, long ttl, ToIntFunction<byte[]> shardOf,
            Sender sender) {
        this.primary = primary;
        this.startTs = startTs;
        this.ttl = ttl;
        this.shardOf = shardOf;
        this.sender = sender;
    }

    public PrewriteRequestBuilder add(Mutation m) {
        mutations.add(m);
        locked.add(false);
        return this;
    }

    public PrewriteRequestBuilder put(byte[] key, String value) {
        return add(Mutation.put(key, StoreFixture.bytes(value)));
    }

    public PrewriteRequestBuilder put(byte[] key, byte[] value) {
        return add(Mutation.put(key, value));
    }

    public PrewriteRequestBuilder delete(byte[] key) {
        return add(Mutation.delete(key));
    }

    /** A put of a key that changes only with a row key of the same transaction ({@link Mutation#coveredByRow}). */
    public PrewriteRequestBuilder putCovered(byte[] key, String value) {
        return add(Mutation.put(key, StoreFixture.bytes(value)).withCoveredByRow(true));
    }

    /** A put of a pessimistic transaction on a key it holds a pessimistic lock on. */
    public PrewriteRequestBuilder putLocked(byte[] key, String value) {
        mutations.add(Mutation.put(key, StoreFixture.bytes(value)));
        locked.add(true);
        return this;
    }

    public PrewriteRequestBuilder ttl(long v) {
        ttl = v;
        return this;
    }

    public PrewriteRequestBuilder forUpdate(long v) {
        forUpdateTs = v;
        return this;
    }

    public PrewriteRequestBuilder min(long v) {
        minCommitTs = v;
        return this;
    }

    public PrewriteRequestBuilder max(long v) {
        maxCommitTs = v;
        return this;
    }

    /** Async commit; {@code secondaryKeys} only on the primary's request. */
    public PrewriteRequestBuilder async(byte[]... secondaryKeys) {
        async = true;
        secondaries = List.of(secondaryKeys);
        return this;
    }

    public PrewriteRequestBuilder onePc() {
        onePc = true;
        return this;
    }

    public PrewriteRequestBuilder outbox(byte[] payload) {
        outbox = payload;
        return this;
    }

    public PrewriteRequest request() {
        boolean[] pl = null;
        if (forUpdateTs != 0) {
            pl = new boolean[locked.size()];
            for (int i = 0; i < pl.length; i++) {
                pl[i] = locked.get(i);
            }
        }
        return new PrewriteRequest(List.copyOf(mutations), pl, primary, startTs, ttl, mutations.size(),
                forUpdateTs, minCommitTs, maxCommitTs, async, secondaries, onePc, outbox, true);
    }

    public PrewriteResult run() {
        return sender.prewrite(shardOf.applyAsInt(mutations.get(0).key()), request());
    }

    // ---- raw inspection of the shard holding a key

    public static MvccReader raw(TxnStore store, byte[] key) {
        return new MvccReader(store.shard(store.regions().shardOf(key)).snapshot());
    }

    public static Lock lockOf(TxnStore store, byte[] key) {
        try (MvccReader r = raw(store, key)) {
            return r.loadLock(key);
        }
    }

    public static Write writeAt(TxnStore store, byte[] key, long ts) {
        try (MvccReader r = raw(store, key)) {
            return r.writeAt(key, ts);
        }
    }

    /** All write-CF records of the key, newest first. */
    public static List<VersionedWrite> writes(TxnStore store, byte[] key) {
        try (MvccReader r = raw(store, key)) {
            return r.writesBetween(key, 0, Long.MAX_VALUE);
        }
    }
}
