package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.index;
import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.PessimisticLockNotFoundException;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.error.WriteConflictException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.mvcc.LockType;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import io.basalt.storage.pipeline.OutboxRecord;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Prewrite, optimistic and pessimistic, 2PC / async commit / 1PC (spec §2.1, §2.2, §3.4, §3.5, §4). */
class PrewriteTest extends ActionTestBase {

    // ---------------------------------------------------------------- optimistic

    @Test
    void newerCommitIsAWriteConflictAndWritesNothing() {
        commitPut(row(1), "a", ts(1), ts(5));
        assertThatThrownBy(() -> pw(row(1), ts(3)).put(row(1), "b").run())
                .isInstanceOfSatisfying(WriteConflictException.class,
                        e -> assertThat(e.conflictCommitTs).isEqualTo(ts(5)));
        assertThat(lockOf(row(1))).isNull();
        assertThat(get(row(1), ts(10))).isEqualTo("a");
    }

    @Test
    void aNewerWriteOfACoveredKeyIsLeftToItsRowKeysCheck() {
        commitPut(row(2), "other", ts(4), ts(5));
        pw(row(1), ts(3)).put(row(1), "b").putCovered(row(2), "covered").run();
        assertThat(lockOf(row(2)).startTs).isEqualTo(ts(3));
    }

    @Test
    void theRowKeyOfACoveredKeyStillConflicts() {
        commitPut(row(1), "a", ts(4), ts(5));
        assertThatThrownBy(() -> pw(row(1), ts(3)).putCovered(row(2), "covered").put(row(1), "b").run())
                .isInstanceOf(WriteConflictException.class);
        assertThat(lockOf(row(2))).isNull();
    }

    @Test
    void commitAtOrBelowStartTsIsNoConflict() {
        commitPut(row(1), "a", ts(1), ts(3));
        pw(row(1), ts(3)).put(row(1), "b").run();
        assertThat(lockOf(row(1)).startTs).isEqualTo(ts(3));
    }

    @Test
    void foreignLockIsKeyIsLockedAndTheWholeRequestWritesNothing() {
        pw(row(1), ts(1)).put(row(1), "a").run();
        assertThatThrownBy(() -> pw(row(2), ts(2)).put(row(2), "x").put(row(1), "y").run())
                .isInstanceOfSatisfying(KeyIsLockedException.class, e -> {
                    assertSameKey(e.key, row(1));
                    assertThat(e.lock.startTs).isEqualTo(ts(1));
                });
        assertThat(lockOf(row(2))).as("no lock on the first key of the failed request").isNull();
        assertThat(lockOf(row(1)).startTs).isEqualTo(ts(1));
    }

    @Test
    void retriedPrewriteIsIdempotent() {
        PrewriteResult first = pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").async(row(2)).run();
        cm.updateMaxTs(ts(100)); // a later retry must not move the already chosen min_commit_ts
        PrewriteResult again = pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").async(row(2)).run();
        assertThat(again.minCommitTs()).isEqualTo(first.minCommitTs()).isEqualTo(ts(11));
        assertThat(again.alreadyCommitted()).isFalse();
        assertThat(lockOf(row(1)).minCommitTs).isEqualTo(ts(11));
        assertThat(lockOf(row(2)).minCommitTs).isEqualTo(ts(11));
    }

    @Test
    void retriedPrewriteAfterCommitReportsAlreadyCommitted() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        commit(row(1), ts(10), ts(20));
        PrewriteResult retry = pw(row(1), ts(10)).put(row(1), "a").run();
        assertThat(retry.alreadyCommitted()).isTrue();
        assertThat(lockOf(row(1))).as("no new lock").isNull();
        assertThat(writeTimestamps(row(1))).containsExactly(ts(20));
    }

    @Test
    void prewriteAfterOwnRollbackFails() {
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10));
        assertThatThrownBy(() -> pw(row(1), ts(10)).put(row(1), "a").run())
                .isInstanceOf(TxnRolledBackException.class);
        assertThat(lockOf(row(1))).isNull();
        assertThat(get(row(1), ts(50))).isNull();
    }

    @Test
    void prewriteRetriedAfterItsLockWasRolledBackFails() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10));
        assertThatThrownBy(() -> pw(row(1), ts(10)).put(row(1), "a").run())
                .isInstanceOf(TxnRolledBackException.class);
        assertThat(lockOf(row(1))).isNull();
    }

    @Test
    void insertOnLiveKeyIsDuplicateButOnDeletedKeySucceeds() {
        commitPut(row(1), "a", ts(1), ts(2));
        assertThatThrownBy(() -> pw(row(1), ts(3)).add(Mutation.insert(row(1), b("b"))).run())
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(lockOf(row(1))).isNull();

        pw(row(1), ts(4)).add(Mutation.delete(row(1))).run();
        commit(row(1), ts(4), ts(5));
        pw(row(1), ts(6)).add(Mutation.insert(row(1), b("c"))).run();
        commit(row(1), ts(6), ts(7));
        assertThat(get(row(1), ts(8))).isEqualTo("c");
    }

    @Test
    void checkNotExistsWritesNothing() {
        PrewriteResult r = pw(row(1), ts(3)).put(row(1), "a").add(Mutation.checkNotExists(row(2))).run();
        assertThat(r.alreadyCommitted()).isFalse();
        assertThat(lockOf(row(1))).isNotNull();
        assertThat(lockOf(row(2))).isNull();
        assertThat(writes(row(2))).isEmpty();

        commitPut(row(3), "x", ts(4), ts(5));
        assertThatThrownBy(() -> pw(row(3), ts(6)).add(Mutation.checkNotExists(row(3))).run())
                .isInstanceOf(DuplicateKeyException.class);
    }

    @Test
    void existenceCheckRaisesMaxTsToStartTs() {
        pw(row(1), ts(30)).put(row(1), "a").add(Mutation.checkNotExists(row(2))).run();
        // an earlier-started transaction now writes row 2 with async commit: it must commit after 30, or the
        // check "row 2 does not exist" (no lock protects it) would be wrong for the snapshot at 30
        long min = pw(row(2), ts(10)).put(row(2), "x").async().run().minCommitTs();
        assertThat(min).isGreaterThan(ts(30));
    }

    @Test
    void insertRaisesMaxTsToStartTs() {
        pw(row(1), ts(30)).add(Mutation.insert(row(1), b("a"))).run();
        assertThat(cm.maxTs()).isGreaterThanOrEqualTo(ts(30));
    }

    @Test
    void asyncBatchOfOnlyExistenceChecksReportsAMinCommitTsInsteadOfAFallback() {
        PrewriteResult seeded = pw(row(1), ts(10)).add(Mutation.checkNotExists(index(3))).async().min(ts(20)).run();
        assertThat(seeded.minCommitTs()).isEqualTo(ts(20));
        PrewriteResult plain = pw(row(1), ts(10)).add(Mutation.checkNotExists(index(4))).async().run();
        assertThat(plain.minCommitTs()).isEqualTo(ts(11));
        assertThat(lockOf(index(3))).isNull();
    }

    @Test
    void longValuesGoToTheDefaultCfAndAreReadBack() {
        byte[] big = longValue('x');
        pw(row(1), ts(10)).put(row(1), big).put(row(2), "short").run();
        Lock bigLock = lockOf(row(1));
        assertThat(bigLock.shortValue).isNull();
        assertThat(defaultValue(row(1), ts(10))).isEqualTo(big);
        assertThat(lockOf(row(2)).shortValue).isEqualTo(b("short"));
        assertThat(defaultValue(row(2), ts(10))).isNull();

        kv.commit(shardOf(row(1)), List.of(row(1), row(2)), ts(10), ts(11));
        assertThat(writeAt(row(1), ts(11)).shortValue).isNull();
        assertThat(kv.get(shardOf(row(1)), row(1), ts(11), NO_BYPASS)).isEqualTo(big);
        assertThat(get(row(2), ts(11))).isEqualTo("short");
        assertThat(kv.batchGet(shardOf(row(1)), List.of(row(1), row(2)), ts(12), NO_BYPASS))
                .containsExactly(big, b("short"));
    }

    @Test
    void valueOfExactlyTheShortLimitStaysInline() {
        byte[] v = new byte[Lock.SHORT_VALUE_MAX_LEN];
        pw(row(1), ts(10)).put(row(1), v).run();
        assertThat(lockOf(row(1)).shortValue).hasSize(Lock.SHORT_VALUE_MAX_LEN);
        assertThat(defaultValue(row(1), ts(10))).isNull();
    }

    @Test
    void plain2pcLockHasMinCommitTsStartPlusOneAndNoAsyncFields() {
        pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").run();
        Lock l = lockOf(row(1));
        assertThat(l.type).isEqualTo(LockType.PUT);
        assertThat(l.useAsyncCommit).isFalse();
        assertThat(l.secondaries).isEmpty();
        assertThat(l.minCommitTs).isEqualTo(ts(11));
        assertThat(l.ttlMs).isEqualTo(TTL);
        assertSameKey(lockOf(row(2)).primary, row(1));
    }

    // ---------------------------------------------------------------- the seed example (spec §3.4, §7.7 #2)

    /**
     * The seed example: a reader at ts 5 reads a key before transaction T (start_ts 3) prewrites it with
     * async commit. T's min_commit_ts must then be at least 6, so the reader's repeated read at 5 returns the same old
     * value, before and after T commits at its min_commit_ts.
     */
    @Test
    void seedExample_readAt5BeforeAsyncPrewriteAt3PushesMinCommitTsTo6() {
        commitPut(row(1), "old", ts(1), ts(2));
        assertThat(get(row(1), ts(5))).isEqualTo("old");

        PrewriteResult r = pw(row(1), ts(3)).put(row(1), "new").async().run();
        assertThat(r.minCommitTs()).isGreaterThanOrEqualTo(ts(6));
        assertThat(lockOf(row(1)).minCommitTs).isEqualTo(r.minCommitTs());

        assertThat(get(row(1), ts(5))).as("repeated read while locked").isEqualTo("old");
        commit(row(1), ts(3), r.minCommitTs());
        assertThat(get(row(1), ts(5))).as("repeated read after the commit").isEqualTo("old");
        assertThat(get(row(1), r.minCommitTs())).isEqualTo("new");
    }

    /** The same across two shards: the read on one shard raises the store's max_ts, so both prewrites obey it. */
    @Test
    void seedExample_acrossTwoShardsTheCommitTsIsAboveTheRead() {
        assertThat(shardOf(row(1))).isNotEqualTo(shardOf(index(1)));
        commitPut(row(1), "old", ts(1), ts(2));
        assertThat(get(row(1), ts(5))).isEqualTo("old");

        PrewriteResult p = pw(row(1), ts(3)).put(row(1), "new").async(index(1)).run();
        PrewriteResult s = pw(row(1), ts(3)).put(index(1), "i").async().run();
        long commitTs = Math.max(p.minCommitTs(), s.minCommitTs());
        assertThat(commitTs).isGreaterThanOrEqualTo(ts(6));
        commit(row(1), ts(3), commitTs);
        commit(index(1), ts(3), commitTs);
        assertThat(get(row(1), ts(5))).isEqualTo("old");
        assertThat(get(index(1), ts(5))).isNull();
        assertThat(get(row(1), commitTs)).isEqualTo("new");
        assertThat(get(index(1), commitTs)).isEqualTo("i");
    }

    /** Contrast: without the earlier read min_commit_ts is 4, and a read at 5 must then be blocked, not served. */
    @Test
    void seedExample_withoutTheEarlierReadTheReaderAt5IsBlocked() {
        commitPut(row(1), "old", ts(1), ts(2));
        PrewriteResult r = pw(row(1), ts(3)).put(row(1), "new").async().run();
        assertThat(r.minCommitTs()).isEqualTo(ts(4));
        assertThatThrownBy(() -> get(row(1), ts(5))).isInstanceOf(KeyIsLockedException.class);
        commit(row(1), ts(3), r.minCommitTs());
        assertThat(get(row(1), ts(5))).isEqualTo("new");
    }

    // ---------------------------------------------------------------- async commit: min_commit_ts

    @Test
    void asyncMinCommitTsFollowsMaxTs() {
        cm.updateMaxTs(ts(50));
        PrewriteResult r = pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").async(row(2)).min(ts(20)).run();
        assertThat(r.minCommitTs()).isEqualTo(ts(51));
        assertThat(lockOf(row(1)).minCommitTs).isEqualTo(ts(51));
        assertThat(lockOf(row(2)).minCommitTs).isEqualTo(ts(51));
    }

    @Test
    void asyncMinCommitTsIsAtLeastStartPlusOne() {
        PrewriteResult r = pw(row(1), ts(10)).put(row(1), "a").async().run();
        assertThat(r.minCommitTs()).isEqualTo(ts(11));
    }

    @Test
    void asyncMinCommitTsHonoursTheRequestedMinimum() {
        cm.updateMaxTs(ts(30));
        PrewriteResult r = pw(row(1), ts(10)).put(row(1), "a").async().min(ts(40)).run();
        assertThat(r.minCommitTs()).isEqualTo(ts(40));
    }

    @Test
    void asyncMinCommitTsIsAboveForUpdateTs() {
        // a pessimistic transaction's key that was not locked pessimistically (e.g. a non-unique index entry)
        PrewriteResult r = pw(row(1), ts(10)).forUpdate(ts(30)).put(row(1), "a").async().min(ts(20)).run();
        assertThat(r.minCommitTs()).isEqualTo(ts(31));
    }

    @Test
    void primaryAsyncLockCarriesTheSecondariesAndSecondariesOnlyPointToIt() {
        PrewriteResult p = pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").async(row(2), index(7)).run();
        PrewriteResult s = pw(row(1), ts(10)).put(index(7), "").async().run();
        Lock primary = lockOf(row(1));
        assertThat(primary.useAsyncCommit).isTrue();
        assertThat(primary.secondaries).hasSize(2);
        assertSameKey(primary.secondaries.get(0), row(2));
        assertSameKey(primary.secondaries.get(1), index(7));
        Lock sec = lockOf(row(2));
        assertThat(sec.useAsyncCommit).isTrue();
        assertThat(sec.secondaries).isEmpty();
        assertSameKey(sec.primary, row(1));
        Lock idx = lockOf(index(7));
        assertThat(idx.useAsyncCommit).isTrue();
        assertThat(idx.secondaries).isEmpty();
        assertThat(p.minCommitTs()).isEqualTo(ts(11));
        assertThat(s.minCommitTs()).isEqualTo(ts(11));
        assertThat(cm.globalMinLockTs()).as("memory locks are released after the write").isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void maxCommitTsExceededInTheMiddleOfARequestFallsBackFromThatKeyOn() {
        AtomicInteger published = new AtomicInteger();
        // a reader racing the prewrite raises max_ts right after the first key took its min_commit_ts
        onFault = (point, startTs) -> {
            if (point.equals(FaultPoints.BEFORE_SET_MEMORY_LOCK) && published.getAndIncrement() == 0) {
                cm.updateMaxTs(ts(100));
            }
        };
        PrewriteResult r = pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").put(row(3), "c")
                .async(row(2), row(3)).max(ts(50)).run();
        onFault = (point, startTs) -> { };
        assertThat(r.minCommitTs()).as("fell back").isZero();
        assertThat(r.onePcCommitTs()).isZero();

        Lock first = lockOf(row(1));
        assertThat(first.useAsyncCommit).as("earlier key keeps its async lock").isTrue();
        assertThat(first.minCommitTs).isEqualTo(ts(11));
        assertThat(first.secondaries).hasSize(2);
        for (byte[] k : List.of(row(2), row(3))) {
            Lock l = lockOf(k);
            assertThat(l.useAsyncCommit).isFalse();
            assertThat(l.secondaries).isEmpty();
            assertThat(l.minCommitTs).isLessThanOrEqualTo(ts(50));
        }
        // the client completes it as 2PC with a TSO commit ts
        kv.commit(shardOf(row(1)), List.of(row(1), row(2), row(3)), ts(10), ts(120));
        assertThat(get(row(3), ts(120))).isEqualTo("c");
    }

    @Test
    void maxCommitTsNotExceededKeepsAsync() {
        PrewriteResult r = pw(row(1), ts(10)).put(row(1), "a").async().max(ts(11)).run();
        assertThat(r.minCommitTs()).isEqualTo(ts(11));
        assertThat(lockOf(row(1)).useAsyncCommit).isTrue();
    }

    // ---------------------------------------------------------------- 1PC

    @Test
    void onePcWritesCommitRecordsAndOutboxButNoLock() {
        cm.updateMaxTs(ts(20));
        PrewriteResult r = pw(row(1), ts(10)).put(row(1), "a").put(row(2), longValue('z')).onePc()
                .outbox(b("binlog-event")).run();
        assertThat(r.onePcCommitTs()).isEqualTo(ts(21));
        assertThat(r.minCommitTs()).isZero();
        assertThat(lockOf(row(1))).isNull();
        assertThat(lockOf(row(2))).isNull();
        Write w = writeAt(row(1), ts(21));
        assertThat(w.type).isEqualTo(WriteType.PUT);
        assertThat(w.startTs).isEqualTo(ts(10));
        assertThat(w.shortValue).isEqualTo(b("a"));
        assertThat(get(row(1), ts(21))).isEqualTo("a");
        assertThat(get(row(1), ts(20))).isNull();
        assertThat(kv.get(shardOf(row(2)), row(2), ts(21), NO_BYPASS)).isEqualTo(longValue('z'));

        byte[] raw = store.shard(shardOf(row(1))).getMeta(OutboxRecord.key(ts(10)));
        assertThat(raw).as("outbox record in the same batch").isNotNull();
        OutboxRecord o = OutboxRecord.decode(raw);
        assertThat(o.commitTs()).isEqualTo(ts(21));
        assertThat(o.startTs()).isEqualTo(ts(10));
        assertThat(o.payload()).isEqualTo(b("binlog-event"));
        assertSameKey(o.primary(), row(1));
        assertThat(cm.globalMinLockTs()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void onePcWithoutOutboxPayloadWritesNoOutbox() {
        pw(row(1), ts(10)).put(row(1), "a").onePc().run();
        assertThat(store.shard(shardOf(row(1))).getMeta(OutboxRecord.key(ts(10)))).isNull();
    }

    @Test
    void retriedOnePcPrewriteAfterSuccessAddsNoSecondVersion() {
        long commitTs = pw(row(1), ts(10)).put(row(1), "a").onePc().run().onePcCommitTs();
        PrewriteResult retry = pw(row(1), ts(10)).put(row(1), "a").onePc().run();
        assertThat(retry.alreadyCommitted()).isTrue();
        assertThat(writeTimestamps(row(1))).containsExactly(commitTs);
        assertThat(lockOf(row(1))).isNull();
    }

    @Test
    void onePcBeyondMaxCommitTsPersistsPlainLocks() {
        cm.updateMaxTs(ts(50));
        PrewriteResult r = pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").onePc().max(ts(20))
                .outbox(b("ev")).run();
        assertThat(r.onePcCommitTs()).isZero();
        assertThat(r.minCommitTs()).isZero();
        for (byte[] k : List.of(row(1), row(2))) {
            Lock l = lockOf(k);
            assertThat(l).as("persisted lock").isNotNull();
            assertThat(l.useAsyncCommit).isFalse();
            assertThat(l.startTs).isEqualTo(ts(10));
            assertThat(writes(k)).as("no commit record").isEmpty();
        }
        assertThat(store.shard(shardOf(row(1))).getMeta(OutboxRecord.key(ts(10))))
                .as("a 2PC transaction's binlog goes through the pipeline, not the outbox").isNull();
        // normal 2PC completes it
        kv.commit(shardOf(row(1)), List.of(row(1), row(2)), ts(10), ts(60));
        assertThat(get(row(2), ts(60))).isEqualTo("b");
    }

    // ---------------------------------------------------------------- pessimistic

    @Test
    void pessimisticPrewriteConvertsTheOwnPessimisticLock() {
        commitPut(row(1), "old", ts(1), ts(2));
        kv.acquirePessimisticLock(shardOf(row(1)), new PessimisticLockRequest(List.of(row(1)), null, row(1),
                ts(10), ts(12), 5000, false));
        assertThat(lockOf(row(1)).type).isEqualTo(LockType.PESSIMISTIC);
        pw(row(1), ts(10)).forUpdate(ts(12)).putLocked(row(1), "new").run();
        Lock l = lockOf(row(1));
        assertThat(l.type).isEqualTo(LockType.PUT);
        assertThat(l.forUpdateTs).isEqualTo(ts(12));
        assertThat(l.ttlMs).as("the larger ttl is kept").isEqualTo(5000);
        assertThat(l.shortValue).isEqualTo(b("new"));
        commit(row(1), ts(10), ts(13));
        assertThat(get(row(1), ts(13))).isEqualTo("new");
    }

    @Test
    void missingPessimisticLockIsAmendedWhenNoNewerWrite() {
        commitPut(row(1), "old", ts(1), ts(2));
        pw(row(1), ts(10)).forUpdate(ts(12)).putLocked(row(1), "new").run();
        Lock l = lockOf(row(1));
        assertThat(l.type).isEqualTo(LockType.PUT);
        assertThat(l.startTs).isEqualTo(ts(10));
    }

    @Test
    void missingPessimisticLockWithANewerWriteFails() {
        commitPut(row(1), "other", ts(11), ts(13)); // committed after our for_update_ts 12
        assertThatThrownBy(() -> pw(row(1), ts(10)).forUpdate(ts(12)).putLocked(row(1), "new").run())
                .isInstanceOf(PessimisticLockNotFoundException.class);
        assertThat(lockOf(row(1))).isNull();
        assertThat(get(row(1), ts(20))).isEqualTo("other");
    }

    @Test
    void pessimisticPrewriteDoesNotCheckAKeyCoveredByItsRow() {
        // the coordinator sends each secondary batch once, before the primary: a record at or after start_ts on a
        // covered secondary (here our own rollback record, which no real schedule leaves there) is not looked for
        kv.rollback(shardOf(index(7)), List.of(index(7)), ts(10));
        commitPut(index(8), "other", ts(11), ts(13));
        pw(row(1), ts(10)).forUpdate(ts(12)).putCovered(index(7), "i7").putCovered(index(8), "i8").run();
        assertThat(lockOf(index(7)).startTs).isEqualTo(ts(10));
        assertThat(lockOf(index(8)).startTs).isEqualTo(ts(10));
    }

    @Test
    void pessimisticPrewriteStillChecksAnUnlockedKeyThatIsNotCovered() {
        kv.rollback(shardOf(index(7)), List.of(index(7)), ts(10));
        assertThatThrownBy(() -> pw(row(1), ts(10)).forUpdate(ts(12)).put(index(7), "i7").run())
                .isInstanceOf(TxnRolledBackException.class);
        assertThat(lockOf(index(7))).isNull();
    }

    @Test
    void aCoveredPrimaryIsStillCheckedForItsRollback() {
        // a resolver that met a secondary's lock before the primary was written rolls the primary back
        kv.rollback(shardOf(index(7)), List.of(index(7)), ts(10));
        assertThatThrownBy(() -> pw(index(7), ts(10)).forUpdate(ts(12)).putCovered(index(7), "i7").run())
                .isInstanceOf(TxnRolledBackException.class);
        assertThat(lockOf(index(7))).isNull();
    }

    @Test
    void pessimisticPrewriteMeetingAForeignLockIsKeyIsLocked() {
        pw(row(1), ts(5)).put(row(1), "a").run();
        assertThatThrownBy(() -> pw(row(1), ts(10)).forUpdate(ts(12)).putLocked(row(1), "b").run())
                .isInstanceOf(KeyIsLockedException.class);
    }

    @Test
    void asyncPessimisticPrewriteKeepsThePessimisticLocksMinCommitTs() {
        // locked with conflict: the lock's for_update_ts (and min_commit_ts) moved past the request's for_update_ts
        commitPut(row(1), "other", ts(11), ts(30));
        PessimisticLockResult lr = pessimisticLock(row(1), ts(10), ts(12), row(1));
        assertThat(lr.maxConflictTs()).isEqualTo(ts(30));
        PrewriteResult r = pw(row(1), ts(10)).forUpdate(ts(12)).putLocked(row(1), "b").async().run();
        assertThat(r.minCommitTs()).isGreaterThanOrEqualTo(ts(31));
    }
}
