package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.concurrency.ConcurrencyManager;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;
import io.basalt.storage.testing.PrewriteRequestBuilder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Snapshot reads: point get, batch get and scans with the lock-conflict rule (spec §1.6, §3.3, §7.7 #23). */
class SnapshotReadTest extends ActionTestBase {

    private List<String> scanKeys(long readTs, int limit, boolean reverse) {
        return kv.scan(shardOf(row(1)), row(0), row(100), limit, reverse, readTs, NO_BYPASS).stream()
                .map(p -> s(p.value())).toList();
    }

    @Test
    void readRaisesMaxTs() {
        get(row(1), ts(90));
        assertThat(cm.maxTs()).isGreaterThanOrEqualTo(ts(90));
        kv.get(shardOf(row(1)), row(1), Long.MAX_VALUE, NO_BYPASS);
        assertThat(cm.maxTs()).as("a read-latest get never raises max_ts").isLessThan(Long.MAX_VALUE);
    }

    @Test
    void readsTheNewestVersionAtOrBelowTheReadTs() {
        commitPut(row(1), "a", ts(1), ts(2));
        commitPut(row(1), "b", ts(3), ts(5));
        assertThat(get(row(1), ts(1))).isNull();
        assertThat(get(row(1), ts(2))).isEqualTo("a");
        assertThat(get(row(1), ts(4))).isEqualTo("a");
        assertThat(get(row(1), ts(5))).isEqualTo("b");
    }

    @Test
    void readsCheckTheKeysTheShardNamesAsLocked() {
        var locked = store.shard(shardOf(row(1))).lockedKeys();
        pw(row(1), ts(10)).put(row(1), "one").put(row(2), "two").run();
        pessimisticLock(row(3), ts(11), ts(11), row(3));
        assertThat(locked.in(row(0), row(100), 10)).as("in-memory pessimistic locks are not named")
                .containsExactly(row(1), row(2));
        kv.commit(shardOf(row(1)), List.of(row(1)), ts(10), ts(12));
        kv.rollback(shardOf(row(2)), List.of(row(2)), ts(10));
        kv.pessimisticRollback(shardOf(row(3)), List.of(row(3)), ts(11), ts(11));
        assertThat(locked.in(row(0), row(100), 10)).isEmpty();
        assertThat(get(row(1), ts(20))).isEqualTo("one");
        assertThat(scanKeys(ts(20), 10, false)).containsExactly("one");
    }

    @Test
    void aScanOverMoreLocksThanNamedReadsTheLockColumnFamily() {
        commitPut(row(1), "old", ts(1), ts(2));
        PrewriteRequestBuilder big = pw(row(1), ts(10));
        for (int i = 1; i <= 300; i++) {
            big.put(row(i), "new" + i);
        }
        big.run();
        assertThat(store.shard(shardOf(row(1))).lockedKeys().in(row(0), row(1000), 256)).isNull();
        assertThat(kv.scan(shardOf(row(1)), row(0), row(1000), 10, false, ts(5), NO_BYPASS)).hasSize(1);
        assertThatThrownBy(() -> kv.scan(shardOf(row(1)), row(0), row(1000), 10, false, ts(20), NO_BYPASS))
                .isInstanceOf(KeyIsLockedException.class);
    }

    @Test
    void lockOfALaterTransactionIsIgnored() {
        commitPut(row(1), "old", ts(1), ts(2));
        pw(row(1), ts(10)).put(row(1), "new").run();
        assertThat(get(row(1), ts(5))).isEqualTo("old");
        assertThat(get(row(1), ts(9))).isEqualTo("old");
        assertThatThrownBy(() -> get(row(1), ts(11))).isInstanceOf(KeyIsLockedException.class);
    }

    @Test
    void lockAndPessimisticLocksAreIgnored() {
        commitPut(row(1), "one", ts(1), ts(2));
        commitPut(row(2), "two", ts(1), ts(2));
        pw(row(1), ts(10)).add(Mutation.lock(row(1))).run();
        pessimisticLock(row(2), ts(10), ts(10), row(2));
        assertThat(lockOf(row(1)).type).isEqualTo(LockType.LOCK);
        assertThat(lockOf(row(2)).type).isEqualTo(LockType.PESSIMISTIC);
        assertThat(get(row(1), ts(20))).isEqualTo("one");
        assertThat(get(row(2), ts(20))).isEqualTo("two");
        assertThat(kv.batchGet(shardOf(row(1)), List.of(row(1), row(2)), ts(20), NO_BYPASS))
                .containsExactly(b("one"), b("two"));
        assertThat(scanKeys(ts(20), 10, false)).containsExactly("one", "two");
    }

    @Test
    void lockThatCanOnlyCommitAfterTheReadTsIsIgnored() {
        commitPut(row(1), "old", ts(1), ts(2));
        pw(row(1), ts(10)).put(row(1), "new").async().min(ts(20)).run();
        assertThat(get(row(1), ts(15))).isEqualTo("old");
        assertThat(get(row(1), ts(19))).isEqualTo("old");
        assertThatThrownBy(() -> get(row(1), ts(20))).isInstanceOf(KeyIsLockedException.class);
    }

    @Test
    void bypassSetIsHonoured() {
        commitPut(row(1), "old", ts(1), ts(2));
        pw(row(1), ts(10)).put(row(1), "new").run();
        assertThatThrownBy(() -> get(row(1), ts(25))).isInstanceOf(KeyIsLockedException.class);
        assertThat(s(kv.get(shardOf(row(1)), row(1), ts(25), Set.of(ts(10))))).isEqualTo("old");
        assertThat(s(kv.batchGet(shardOf(row(1)), List.of(row(1)), ts(25), Set.of(ts(10))).get(0)))
                .isEqualTo("old");
        assertThat(kv.scan(shardOf(row(1)), row(0), row(100), 10, false, ts(25), Set.of(ts(10)))).hasSize(1);
        assertThatThrownBy(() -> kv.get(shardOf(row(1)), row(1), ts(25), Set.of(ts(11))))
                .as("only the listed transaction is bypassed").isInstanceOf(KeyIsLockedException.class);
    }

    @Test
    void memoryLockBlocksReads() {
        commitPut(row(1), "old", ts(1), ts(2));
        Lock mem = Lock.builder(LockType.PUT, row(1), ts(10), TTL).shortValue(b("new")).minCommitTs(ts(11))
                .asyncCommit(List.of()).build();
        ConcurrencyManager.KeyGuard guard = cm.lockKeys(List.of(row(1))).get(0);
        try {
            guard.publish(maxTs -> mem);
            assertThatThrownBy(() -> get(row(1), ts(20)))
                    .isInstanceOfSatisfying(KeyIsLockedException.class,
                            e -> assertThat(e.lock.startTs).isEqualTo(ts(10)));
            assertThatThrownBy(() -> kv.batchGet(shardOf(row(1)), List.of(row(2), row(1)), ts(20), NO_BYPASS))
                    .isInstanceOf(KeyIsLockedException.class);
            assertThatThrownBy(() -> kv.scan(shardOf(row(1)), row(0), row(100), 10, false, ts(20), NO_BYPASS))
                    .isInstanceOf(KeyIsLockedException.class);
            assertThat(get(row(1), ts(5))).as("a reader below its start ts is not blocked").isEqualTo("old");
            assertThat(s(kv.get(shardOf(row(1)), row(1), ts(20), Set.of(ts(10))))).isEqualTo("old");
        } finally {
            guard.close();
        }
        assertThat(get(row(1), ts(20))).isEqualTo("old");
    }

    @Test
    void memoryLockIsPublishedWithTheMaxTsOfThatMoment() {
        get(row(1), ts(40));
        ConcurrencyManager.KeyGuard guard = cm.lockKeys(List.of(row(1))).get(0);
        try {
            long[] seen = new long[1];
            guard.publish(maxTs -> {
                seen[0] = maxTs;
                return Lock.builder(LockType.PUT, row(1), ts(10), TTL).minCommitTs(maxTs + 1).build();
            });
            assertThat(seen[0]).isGreaterThanOrEqualTo(ts(40));
        } finally {
            guard.close();
        }
    }

    @Test
    void batchGetReportsALockedKey() {
        commitPut(row(1), "one", ts(1), ts(2));
        commitPut(row(3), "three", ts(1), ts(2));
        pw(row(2), ts(10)).put(row(2), "two").run();
        assertThatThrownBy(() -> kv.batchGet(shardOf(row(1)), List.of(row(1), row(2), row(3)), ts(20), NO_BYPASS))
                .isInstanceOfSatisfying(KeyIsLockedException.class, e -> assertSameKey(e.key, row(2)));
        List<byte[]> vals = kv.batchGet(shardOf(row(1)), List.of(row(1), row(2), row(3)), ts(5), NO_BYPASS);
        assertThat(s(vals.get(0))).isEqualTo("one");
        assertThat(vals.get(1)).isNull();
        assertThat(s(vals.get(2))).isEqualTo("three");
    }

    @Test
    void scanReportsALockedKeyEvenWithoutAnyCommittedVersion() {
        commitPut(row(1), "one", ts(1), ts(2));
        commitPut(row(3), "three", ts(1), ts(2));
        pw(row(2), ts(10)).put(row(2), "two").run(); // a fresh insert: no write record yet
        assertThatThrownBy(() -> kv.scan(shardOf(row(1)), row(0), row(100), 10, false, ts(20), NO_BYPASS))
                .isInstanceOfSatisfying(KeyIsLockedException.class, e -> assertSameKey(e.key, row(2)));
        assertThatThrownBy(() -> kv.scan(shardOf(row(1)), row(0), row(100), 10, true, ts(20), NO_BYPASS))
                .isInstanceOfSatisfying(KeyIsLockedException.class, e -> assertSameKey(e.key, row(2)));
        assertThat(scanKeys(ts(5), 10, false)).containsExactly("one", "three");
    }

    @Test
    void scanReportsALockedDeleteOfAnExistingKey() {
        commitPut(row(1), "one", ts(1), ts(2));
        commitPut(row(2), "two", ts(1), ts(2));
        pw(row(2), ts(10)).add(Mutation.delete(row(2))).run();
        assertThatThrownBy(() -> kv.scan(shardOf(row(1)), row(0), row(100), 10, false, ts(20), NO_BYPASS))
                .isInstanceOf(KeyIsLockedException.class);
    }

    @Test
    void scanWithALimitOnlyReportsLocksInTheRangeItCovered() {
        for (int i = 1; i <= 4; i++) {
            commitPut(row(i), "v" + i, ts(1), ts(2));
        }
        pw(row(4), ts(10)).put(row(4), "x").run();
        assertThat(scanKeys(ts(20), 2, false)).containsExactly("v1", "v2");
        assertThatThrownBy(() -> scanKeys(ts(20), 4, false)).isInstanceOf(KeyIsLockedException.class);
        assertThatThrownBy(() -> scanKeys(ts(20), 1, true)).as("reverse scan starts at the locked key")
                .isInstanceOf(KeyIsLockedException.class);
    }

    @Test
    void reverseScanWithALimitOnlyReportsLocksInTheRangeItCovered() {
        for (int i = 1; i <= 4; i++) {
            commitPut(row(i), "v" + i, ts(1), ts(2));
        }
        pw(row(1), ts(10)).put(row(1), "x").run();
        assertThat(scanKeys(ts(20), 2, true)).containsExactly("v4", "v3");
        assertThatThrownBy(() -> scanKeys(ts(20), 4, true)).isInstanceOf(KeyIsLockedException.class);
    }

    /**
     * Rows at read ts 20: 1 = "1b" (two versions), 2 deleted at 6, 3 = "3", 4 written only at 25 (invisible),
     * 5 = "5" then deleted at 30 (visible at 20), 6 = "6", 7 = rollback record only.
     */
    private void buildRows() {
        commitPut(row(1), "1a", ts(1), ts(2));
        commitPut(row(1), "1b", ts(3), ts(4));
        commitPut(row(2), "2", ts(1), ts(2));
        pw(row(2), ts(5)).add(Mutation.delete(row(2))).run();
        commit(row(2), ts(5), ts(6));
        commitPut(row(3), "3", ts(1), ts(2));
        commitPut(row(4), "4", ts(24), ts(25));
        commitPut(row(5), "5", ts(1), ts(2));
        pw(row(5), ts(29)).add(Mutation.delete(row(5))).run();
        commit(row(5), ts(29), ts(30));
        commitPut(row(6), "6", ts(7), ts(8));
        pw(row(6), ts(9)).add(Mutation.lock(row(6))).run();
        commit(row(6), ts(9), ts(10));
        kv.rollback(shardOf(row(7)), List.of(row(7)), ts(11));
    }

    @Test
    void forwardScansAcrossDeletesAndVersions() {
        buildRows();
        assertThat(scanKeys(ts(20), 100, false)).containsExactly("1b", "3", "5", "6");
        assertThat(scanKeys(ts(20), 2, false)).containsExactly("1b", "3");
        assertThat(scanKeys(ts(20), 3, false)).containsExactly("1b", "3", "5");
        assertThat(scanKeys(ts(3), 100, false)).containsExactly("1a", "2", "3", "5");
        assertThat(scanKeys(ts(40), 100, false)).containsExactly("1b", "3", "4", "6");
        assertThat(scanKeys(ts(0), 100, false)).isEmpty();
        List<KvPair> pairs = kv.scan(shardOf(row(1)), row(3), row(6), 100, false, ts(20), NO_BYPASS);
        assertThat(pairs).hasSize(2);
        assertSameKey(pairs.get(0).key(), row(3));
        assertSameKey(pairs.get(1).key(), row(5));
    }

    @Test
    void reverseScansAcrossDeletesAndVersions() {
        buildRows();
        assertThat(scanKeys(ts(20), 100, true)).containsExactly("6", "5", "3", "1b");
        assertThat(scanKeys(ts(20), 2, true)).containsExactly("6", "5");
        assertThat(scanKeys(ts(3), 100, true)).containsExactly("5", "3", "2", "1a");
        assertThat(scanKeys(ts(40), 1, true)).containsExactly("6");
        assertThat(scanKeys(ts(40), 3, true)).containsExactly("6", "4", "3");
        List<KvPair> pairs = kv.scan(shardOf(row(1)), row(2), row(5), 100, true, ts(20), NO_BYPASS);
        assertThat(pairs).hasSize(1);
        assertSameKey(pairs.get(0).key(), row(3));
        List<KvPair> bounded = kv.scan(shardOf(row(1)), row(3), row(6), 100, true, ts(20), NO_BYPASS);
        assertThat(bounded).extracting(p -> s(p.value())).as("start inclusive, end exclusive")
                .containsExactly("5", "3");
    }

    @Test
    void forwardScansStepOverKeysWithFewAndWithManyVersions() {
        // row 1: 20 versions (the scan seeks past them), row 2: one, row 3: 3 and row 4: 2 (either side of the
        // number of versions stepped over with next() before a seek), row 5: one
        int[] versions = {20, 1, 3, 2, 1};
        for (int r = 0; r < versions.length; r++) {
            for (int v = 1; v <= versions[r]; v++) {
                commitPut(row(r + 1), (r + 1) + "v" + v, ts(10 * v), ts(10 * v + 1));
            }
        }
        assertThat(scanKeys(ts(1000), 100, false)).containsExactly("1v20", "2v1", "3v3", "4v2", "5v1");
        assertThat(scanKeys(ts(25), 100, false)).containsExactly("1v2", "2v1", "3v2", "4v2", "5v1");
        assertThat(scanKeys(ts(15), 100, false)).containsExactly("1v1", "2v1", "3v1", "4v1", "5v1");
        assertThat(scanKeys(ts(1000), 3, false)).containsExactly("1v20", "2v1", "3v3");
        assertThat(scanKeys(ts(25), 100, true)).containsExactly("5v1", "4v2", "3v2", "2v1", "1v2");
    }
}
