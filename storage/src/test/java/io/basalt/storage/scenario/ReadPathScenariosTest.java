package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.txn.Transaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.7 scenarios about the read path: max_ts, the memory lock table and lock reporting (1, 2, 10, 11, 23).
 * Readers are store-level reads at chosen timestamps ({@code kv.get/batchGet/scan}) or transactions; prewrites are
 * sent action-level by the test acting as the client where the scenario needs exact timestamps.
 */
class ReadPathScenariosTest extends ScenarioBase {

    /**
     * 1a (TiKV test_atomic_getting_max_ts_and_storing_memory_lock): the prewrite pauses after reading max_ts, before
     * publishing its memory lock; a reader at R raises max_ts and checks the table meanwhile. It must block on the
     * key and then report the lock (min_commit_ts below R); the prewrite keeps the min_commit_ts it computed.
     */
    @Test
    void scenario01a_maxTsReadAndMemoryLockPublishAreAtomic() {
        open();
        commitValues(row(1), "v0");
        long s = store.tso().next();
        long r = s + 100;
        Pauser.Rule publishing = pauser.pause(FaultPoints.BEFORE_SET_MEMORY_LOCK, s);
        Pauser.Rule readerChecking = pauser.signal(FaultPoints.BEFORE_CHECK_MEMORY_LOCKS, r);
        Future<PrewriteResult> prewrite = async(() -> pw(row(1), s).put(row(1), "v1").async().min(s + 1).run());
        publishing.awaitReached();
        Future<String> read = async(() -> getAt(row(1), r));
        readerChecking.awaitReached();
        publishing.resume();

        assertThat(get(prewrite).minCommitTs()).isEqualTo(s + 1);
        assertThatThrownBy(() -> get(read)).isInstanceOfSatisfying(KeyIsLockedException.class, e -> {
            assertThat(e.lock.startTs).isEqualTo(s);
            assertThat(e.lock.minCommitTs).isEqualTo(s + 1);
        });
        assertThat(cm.maxTs()).isGreaterThanOrEqualTo(r);
    }

    /**
     * 1b (test_snapshot_must_be_later_than_updating_max_ts): a reader at R pauses after taking its snapshot; an
     * async prewrite meanwhile must get min_commit_ts &gt; R, so the reader correctly returns the old value.
     */
    @Test
    void scenario01b_snapshotIsTakenAfterMaxTsUpdate() {
        open();
        commitValues(row(1), "v0");
        long s = store.tso().next();
        long r = s + 100;
        Pauser.Rule snapshotTaken = pauser.pause(FaultPoints.AFTER_SNAPSHOT, r);
        Future<String> read = async(() -> getAt(row(1), r));
        snapshotTaken.awaitReached();

        PrewriteResult res = pw(row(1), s).put(row(1), "v1").async().min(s + 1).run();
        assertThat(res.minCommitTs()).isEqualTo(r + 1);
        snapshotTaken.resume();
        assertThat(get(read)).isEqualTo("v0");

        commitKeys(s, res.minCommitTs(), row(1));
        assertThat(getAt(row(1), r)).isEqualTo("v0");
        assertThat(getAt(row(1), r + 1)).isEqualTo("v1");
    }

    /**
     * 1c (test_update_max_ts_before_scan_memory_locks): a reader at R has raised max_ts and pauses before checking
     * the memory lock table; a prewrite published meanwhile (held in memory only) must carry min_commit_ts R+1, so
     * the reader that then finds it may ignore it and read the old value.
     */
    @Test
    void scenario01c_maxTsIsRaisedBeforeMemoryLocksAreChecked() {
        open();
        commitValues(row(1), "v0");
        long s = store.tso().next();
        long r = s + 100;
        Pauser.Rule checking = pauser.pause(FaultPoints.BEFORE_CHECK_MEMORY_LOCKS, r);
        Pauser.Rule inMemoryOnly = pauser.pause(FaultPoints.BEFORE_WRITE_BATCH, s);
        Future<String> read = async(() -> getAt(row(1), r));
        checking.awaitReached();
        Future<PrewriteResult> prewrite = async(() -> pw(row(1), s).put(row(1), "v1").async().min(s + 1).run());
        inMemoryOnly.awaitReached();

        Lock mem = memoryLockOf(row(1));
        assertThat(mem).isNotNull();
        assertThat(mem.minCommitTs).isEqualTo(r + 1);
        assertNoLock(row(1));
        checking.resume();
        assertThat(get(read)).isEqualTo("v0");
        inMemoryOnly.resume();
        assertThat(get(prewrite).minCommitTs()).isEqualTo(r + 1);
    }

    /**
     * 2: a read at R before the prewrite pushes the commit ts to R+1; after a prewrite with min_commit_ts m, a reader
     * at ts &ge; m is blocked until the transaction is resolved (an async lock is neither pushed nor bypassed) and
     * then sees the value, a reader below the start ts is not blocked.
     */
    @Test
    void scenario02_commitTsPushedByConcurrentRead() {
        open();
        commitValues(row(1), "v0", row(2), "v0");

        long s = store.tso().next();
        long m = pw(row(2), s).put(row(2), "v1").async().min(s + 1).run().minCommitTs();
        assertThat(m).isEqualTo(s + 1);
        assertThat(getAt(row(2), s - 1)).as("reader below the start ts").isEqualTo("v0");
        assertThatThrownBy(() -> getAt(row(2), m)).isInstanceOf(KeyIsLockedException.class);

        Transaction reader = store.begin(optimistic());
        assertThat(reader.startTs()).isGreaterThanOrEqualTo(m);
        Pauser.Rule attempts = pauser.signal(FaultPoints.BEFORE_CHECK_MEMORY_LOCKS, reader.startTs());
        Future<String> blocked = async(() -> s(reader.get(row(2))));
        attempts.awaitReached(2); // met the lock, backed off, came back: it waits
        assertThat(blocked).isNotDone();
        assertThat(lockOf(row(2)).minCommitTs).as("async lock never pushed").isEqualTo(m);
        commitKeys(s, m, row(2));
        assertThat(get(blocked)).isEqualTo("v1");

        long s1 = store.tso().next();
        long r1 = s1 + 100;
        assertThat(getAt(row(1), r1)).isEqualTo("v0");
        PrewriteResult pushed = pw(row(1), s1).put(row(1), "v1").async().min(s1 + 1).run();
        assertThat(pushed.minCommitTs()).isEqualTo(r1 + 1);
        commitKeys(s1, pushed.minCommitTs(), row(1));
        assertThat(getAt(row(1), r1)).isEqualTo("v0");
        assertThat(getAt(row(1), r1 + 1)).isEqualTo("v1");
    }

    /**
     * 10. Equivalent of "follower read via ReadIndex" in a single process (no followers): reads from other threads
     * than the committing one, of every kind (point get, batch get, forward and reverse scan), check the memory
     * lock table of an in-flight async prewrite (locks published, nothing persisted yet) and raise max_ts, so a later
     * prewrite commits above them.
     */
    @Test
    void scenario10_readsFromOtherThreadsCheckMemoryLocksAndRaiseMaxTs() {
        open();
        commitValues(row(1), "a0", row(2), "b0", row(3), "c0", index(1), "i0");
        Transaction t = store.begin(asyncCommit());
        t.put(row(2), b("b1"));
        t.put(index(1), b("i1"));
        // both shards' keys are prewritten in one write (a small transaction), held here before it
        Pauser.Rule inFlight = pauser.pause(FaultPoints.BEFORE_WRITE_BATCH, t.startTs());
        Future<Long> commit = async(() -> t.commit(null));
        inFlight.awaitReached();

        assertNoLock(row(2), index(1));
        Lock mem = memoryLockOf(row(2));
        assertThat(mem).isNotNull();
        assertThat(mem.useAsyncCommit).isTrue();
        Lock primaryMem = memoryLockOf(index(1));
        assertThat(primaryMem).isNotNull();
        long m = Math.max(mem.minCommitTs, primaryMem.minCommitTs);
        long r = store.tso().next();
        assertThat(r).isGreaterThanOrEqualTo(m);
        int rows = shardOf(row(1));
        List<byte[]> keys = List.of(row(1), row(2), row(3));

        assertLockedOn(row(2), () -> getAt(row(2), r));
        assertLockedOn(row(2), () -> kv.batchGet(rows, keys, r, NONE));
        assertLockedOn(row(2), () -> kv.scan(rows, row(0), row(10), 10, false, r, NONE));
        assertLockedOn(row(2), () -> kv.scan(rows, row(0), row(10), 10, true, r, NONE));
        assertLockedOn(index(1), () -> getAt(index(1), r));

        long below = mem.minCommitTs - 1; // the transaction commits at or above row(2)'s min_commit_ts
        assertThat(kv.batchGet(rows, keys, below, NONE).stream().map(ScenarioBase::s).toList())
                .containsExactly("a0", "b0", "c0");
        assertThat(values(kv.scan(rows, row(0), row(10), 10, false, below, NONE))).containsExactly("a0", "b0", "c0");

        // batch get and scan raise max_ts: prewrites after them commit above their read ts
        long s1 = store.tso().next();
        long q1 = s1 + 50;
        kv.batchGet(shardOf(other(1)), List.of(other(1)), q1, NONE);
        assertThat(cm.maxTs()).isGreaterThanOrEqualTo(q1);
        assertThat(pw(other(1), s1).put(other(1), "x").async().min(s1 + 1).run().minCommitTs()).isEqualTo(q1 + 1);
        long s2 = store.tso().next();
        long q2 = Math.max(s2, q1) + 50;
        kv.scan(shardOf(other(2)), other(2), other(3), 10, false, q2, NONE);
        assertThat(pw(other(2), s2).put(other(2), "y").async().min(s2 + 1).run().minCommitTs()).isEqualTo(q2 + 1);

        inFlight.resume();
        long c = get(commit);
        assertThat(c).isGreaterThanOrEqualTo(m);
        assertThat(readFresh(row(2))).isEqualTo("b1");
        assertThat(readFresh(index(1))).isEqualTo("i1");
    }

    /**
     * 11 (tikv#8589, #18095): a "max-ts" point get (read at u64::MAX) never raises max_ts and never ignores an
     * async-commit lock or an in-flight 1PC memory lock: it must wait for them. A normal 2PC lock is the only one it
     * reads past: the engine reports it and the resolver lets the reader bypass it without pushing the lock (so the
     * read returns the latest committed value at once).
     */
    @Test
    void scenario11_maxTsPointGetNeverIgnoresAsyncOr1pcLocks() {
        open();
        commitValues(row(1), "a0", row(2), "b0", row(3), "c0");
        var resolver = store.context().resolver();

        long s1 = store.tso().next();
        pw(row(1), s1).put(row(1), "a1").async().min(s1 + 1).run();
        long maxTsBefore = cm.maxTs();
        KeyIsLockedException asyncLock = thrown(KeyIsLockedException.class,
                () -> kv.get(shardOf(row(1)), row(1), Long.MAX_VALUE, NONE));
        assertThat(asyncLock).as("async lock reported to a max-ts read").isNotNull();
        assertThat(cm.maxTs()).as("a max-ts read does not raise max_ts").isEqualTo(maxTsBefore);
        Set<Long> bypass = new HashSet<>();
        assertThat(resolver.resolve(new KeyLock(row(1), asyncLock.lock), Long.MAX_VALUE, bypass)).isPositive();
        assertThat(bypass).isEmpty();

        Transaction onePc = store.begin(optimistic());
        onePc.put(row(2), b("b1"));
        Pauser.Rule inFlight = pauser.pause(FaultPoints.BEFORE_WRITE_BATCH, onePc.startTs());
        Future<Long> commit = async(() -> onePc.commit(null));
        inFlight.awaitReached();
        KeyIsLockedException onePcLock = thrown(KeyIsLockedException.class,
                () -> kv.get(shardOf(row(2)), row(2), Long.MAX_VALUE, NONE));
        assertThat(onePcLock).as("1PC memory lock reported to a max-ts read").isNotNull();
        assertThat(onePcLock.lock.useOnePc).isTrue();
        inFlight.resume(); // (a resolver would latch the key and simply wait for this write)
        get(commit);
        assertThat(s(kv.get(shardOf(row(2)), row(2), Long.MAX_VALUE, NONE))).isEqualTo("b1");

        long s3 = store.tso().next();
        pw(row(3), s3).put(row(3), "c1").run(); // plain 2PC primary lock
        KeyIsLockedException plain = thrown(KeyIsLockedException.class,
                () -> kv.get(shardOf(row(3)), row(3), Long.MAX_VALUE, NONE));
        assertThat(plain).isNotNull();
        assertThat(resolver.resolve(new KeyLock(row(3), plain.lock), Long.MAX_VALUE, bypass)).isZero();
        assertThat(bypass).containsExactly(s3);
        assertThat(lockOf(row(3)).minCommitTs).as("a max-ts reader never pushes").isEqualTo(s3 + 1);
        assertThat(s(kv.get(shardOf(row(3)), row(3), Long.MAX_VALUE, bypass))).isEqualTo("c0");
        assertThat(cm.maxTs()).isLessThan(Long.MAX_VALUE);
    }

    /**
     * 23 (tikv#9069): batch get and scan report every locked key in the part of the range they cover, one after the
     * other as the reader learns to bypass each transaction; nothing is silently omitted, including a locked key with
     * no committed version. A transaction reading after resolution sees exactly the decided outcome.
     */
    @Test
    void scenario23_batchGetAndScanSurfaceEveryLock() {
        open();
        commitValues(row(1), "a0", row(2), "b0", row(3), "c0", row(4), "d0", row(5), "e0");
        long sa = store.tso().next();
        pw(row(2), sa).put(row(2), "b1").run();
        long sb = store.tso().next();
        pw(row(4), sb).delete(row(4)).run();
        long sc = store.tso().next();
        pw(row(6), sc).put(row(6), "f1").run();
        long r = store.tso().next();
        int rows = shardOf(row(1));
        List<byte[]> keys = List.of(row(1), row(2), row(3), row(4), row(5), row(6));

        Set<Long> bypass = new HashSet<>();
        long[][] expected = {{2, sa}, {4, sb}, {6, sc}};
        for (long[] e : expected) {
            Set<Long> by = Set.copyOf(bypass);
            assertLockedOn(row(e[0]), () -> kv.batchGet(rows, keys, r, by));
            assertLockedOn(row(e[0]), () -> kv.scan(rows, row(0), row(10), 100, false, r, by));
            assertLockedOn(row(e[0]), () -> kv.scan(rows, row(0), row(10), 100, true, r, by));
            bypass.add(e[1]);
        }
        assertThat(kv.batchGet(rows, keys, r, bypass).stream().map(ScenarioBase::s).toList())
                .containsExactly("a0", "b0", "c0", "d0", "e0", null);
        assertThat(values(kv.scan(rows, row(0), row(10), 100, false, r, bypass)))
                .containsExactly("a0", "b0", "c0", "d0", "e0");
        // a page that ends before the locked keys does not report them; one that covers a locked key does
        assertThat(values(kv.scan(rows, row(1), row(10), 1, false, r, NONE))).containsExactly("a0");
        assertLockedOn(row(6), () -> kv.scan(rows, row(0), row(10), 1, true, r, NONE));

        commitKeys(sa, store.tso().next(), row(2));
        kv.rollback(rows, List.of(row(4)), sb);
        commitKeys(sc, store.tso().next(), row(6));
        Transaction t = store.begin(optimistic());
        assertThat(t.batchGet(keys).stream().map(ScenarioBase::s).toList())
                .containsExactly("a0", "b1", "c0", "d0", "e0", "f1");
        assertThat(values(t.scan(row(0), row(10), 100, false))).containsExactly("a0", "b1", "c0", "d0", "e0", "f1");
    }

    private static List<String> values(List<KvPair> pairs) {
        List<String> out = new ArrayList<>();
        pairs.forEach(p -> out.add(s(p.value())));
        return out;
    }

    private static void assertLockedOn(byte[] key, Runnable read) {
        KeyIsLockedException e = thrown(KeyIsLockedException.class, read::run);
        assertThat(e).as("read reports the lock on %s", TableKeysDebug.show(key)).isNotNull();
        assertThat(Arrays.equals(e.key, key)).as("reported key %s, expected %s", TableKeysDebug.show(e.key),
                TableKeysDebug.show(key)).isTrue();
    }
}
