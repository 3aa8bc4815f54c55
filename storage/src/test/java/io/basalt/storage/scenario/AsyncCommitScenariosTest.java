package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.basalt.storage.action.PrewriteResult;
import io.basalt.storage.action.TxnStatus;
import io.basalt.storage.error.DiskErrorException;
import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.TransactionAbortedException;
import io.basalt.storage.error.TxnNotFoundException;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.error.UndeterminedResultException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.KeyLock;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.testing.InMemoryCommitSink;
import io.basalt.storage.testing.PrewriteRequestBuilder;
import io.basalt.storage.txn.Transaction;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.7 scenarios about async commit and its recovery (3, 4, 5, 6, 7, 21, 22), and a prewrite retried after a
 * lock (7d), and a small 2PC transaction's prewrite in one write (7e). A "crashed coordinator" is a
 * {@link Pauser.SimulatedCrash} thrown at a fault point: the transaction object gives up (state FAILED) without
 * cleaning up, exactly what a dead process leaves behind; lock resolution by later readers decides the outcome.
 */
class AsyncCommitScenariosTest extends ScenarioBase {

    /**
     * A writer queued on a key of a decided async-commit transaction commits that key itself at the transaction's
     * commit ts instead of waiting for the background commit (here held up): it gets the lock well within a lock wait
     * timeout far shorter than the lock's TTL, and sees the decided value. The other key waits for the background.
     */
    @Test
    void writerCommitsTheKeyOfADecidedTransactionInsteadOfWaitingForTheBackgroundCommit() {
        open();
        commitValues(index(5), "i0", row(5), "r0");
        Transaction a = store.begin(asyncCommit());
        a.put(index(5), b("i1"));
        a.put(row(5), b("r1"));
        Pauser.Rule background = pauser.pause(FaultPoints.BEFORE_SECONDARY_COMMIT, a.startTs());
        long c = a.commit(null);
        assertThat(a.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);
        background.awaitReached();
        assertThat(lockOf(row(5))).isNotNull();

        Transaction writer = store.begin(pessimistic().withLockWaitTimeoutMs(300));
        assertThat(s(writer.lockKeys(List.of(row(5)), true, null).get(0))).isEqualTo("r1");
        assertCommittedAt(a.startTs(), c, row(5));
        assertThat(lockOf(index(5))).as("left to the background commit").isNotNull();
        writer.rollback();
        background.resume();
    }

    /**
     * The prewrite of a committer that may wait is written in a round of the commit writer too, whose WAL sync it
     * shares with the 1PC and async commits of event loops: one round, and no synced write of its own.
     */
    @Test
    void anAsyncPrewriteIsWrittenInACommitWriterRound() {
        open();
        Transaction t = store.begin(asyncCommit());
        t.put(index(3), b("i1"));
        t.put(row(3), b("r1"));
        long c = t.commit(null);
        assertThat(t.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);
        assertThat(store.metrics().registry().get("basalt.commit.writer.rounds").counter().count()).isEqualTo(1.0);
        assertThat(readFresh(row(3))).isEqualTo("r1");
        awaitCondition("committed in the background", () -> lockOf(row(3)) == null && lockOf(index(3)) == null);
        assertCommittedAt(t.startTs(), c, index(3), row(3));
    }

    /**
     * A shard that would only check that a key does not exist writes no lock, so the primary could not list it:
     * such a transaction commits with 2PC; the same transaction writing that key commits async. With 1PC on, the
     * check runs inside the one write of every shard, so it commits by 1PC.
     */
    @Test
    void aTransactionWithACheckOnlyShardCommitsWith2pc() {
        open();
        Transaction checks = store.begin(asyncCommit());
        checks.lockKeys(List.of(index(8)), false, new boolean[] {true});
        checks.put(row(8), b("r1"));
        checks.commit(null);
        assertThat(checks.commitPath()).isEqualTo(CommitPath.TWO_PC);
        assertThat(store.metrics().asyncFallbacks.count()).as("chosen, not fallen back to").isZero();

        Transaction writes = store.begin(asyncCommit());
        writes.put(index(9), b("i1"));
        writes.put(row(9), b("r1"));
        writes.commit(null);
        assertThat(writes.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);
        assertThat(readFresh(row(8))).isEqualTo("r1");

        Transaction onePc = store.begin(optimistic());
        onePc.lockKeys(List.of(index(10)), false, new boolean[] {true});
        onePc.put(row(10), b("r1"));
        onePc.commit(null);
        assertThat(onePc.commitPath()).isEqualTo(CommitPath.ONE_PC);
        assertThat(readFresh(row(10))).isEqualTo("r1");
    }

    /**
     * 3: async commit of 3 keys on 2 shards; the primary's shard (primary + 1 secondary) is prewritten, the other
     * shard's prewrite never applied. Basalt's coordinator cannot leave this state (it writes the primary's batch
     * last, and a crash keeps a prefix of the shards' shared WAL), but the protocol allows it, so the resolver must
     * handle it: a reader after the TTL checks the secondaries, writes a protected rollback on the missing key and
     * rolls the whole transaction back; the delayed prewrite, delivered afterwards, fails (self rolled back) and the
     * value is never visible.
     */
    @Test
    void scenario03_primaryWithoutASecondaryRollsBackAtomically() {
        open();
        commitValues(index(1), "i0", index(2), "j0", row(1), "r0");
        long ts = store.tso().next();
        pw(index(1), ts).put(index(1), "i1").put(index(2), "j1").async(index(2), row(1)).ttl(LOCK_TTL_MS)
                .min(ts + 1).max(plusMs(ts, 10_000)).run();

        Lock primary = lockOf(index(1));
        assertThat(primary.useAsyncCommit).isTrue();
        assertThat(primary.secondaries).hasSize(2);
        assertThat(lockOf(index(2))).isNotNull();
        assertNoLock(row(1));

        assertThat(readFresh(index(1))).isEqualTo("i0");
        assertRolledBack(ts, index(1), index(2), row(1));
        assertThat(writeAt(row(1), ts).isProtectedRollback()).as("protected rollback on the missing key").isTrue();
        assertNoLock(index(1), index(2), row(1));

        assertThatThrownBy(() -> pw(index(1), ts).put(row(1), "r1").async().min(ts + 1)
                .max(plusMs(ts, 10_000)).run()).isInstanceOf(TxnRolledBackException.class);
        assertNoLock(row(1));
        assertThat(readFresh(row(1))).isEqualTo("r0");
        assertThat(readFresh(index(2))).isEqualTo("j0");
    }

    /**
     * 4: the coordinator dies after all prewrites succeeded (nothing acknowledged): a reader commits the transaction
     * at max(min_commit_ts) of all its keys. Repeated with the client having been acknowledged and then dying before
     * committing any key: a transaction starting after the acknowledgement sees the write, at the acknowledged ts.
     */
    @Test
    void scenario04_crashAfterAllPrewritesCommitsAtMaxMinCommitTs() {
        open();
        commitValues(index(1), "i0", row(1), "r0", row(2), "s0", index(3), "k0", row(3), "t0");
        Transaction t = store.begin(asyncCommit());
        t.put(index(1), b("i1"));
        t.put(row(1), b("r1"));
        t.put(row(2), b("s1"));
        pauser.crash(FaultPoints.AFTER_ALL_PREWRITES, t.startTs());
        Throwable crash = catchThrowable(() -> t.commit(null));
        assertThat(root(crash)).isInstanceOf(Pauser.SimulatedCrash.class);
        long expected = 0;
        for (byte[] k : List.of(index(1), row(1), row(2))) {
            Lock l = lockOf(k);
            assertThat(l.useAsyncCommit).isTrue();
            expected = Math.max(expected, l.minCommitTs);
        }
        Transaction reader = store.begin(optimistic());
        assertThat(reader.startTs()).isGreaterThanOrEqualTo(expected);
        assertThat(s(reader.get(row(1)))).isEqualTo("r1");
        assertCommittedAt(t.startTs(), expected, index(1), row(1), row(2));
        assertThat(s(reader.get(row(2)))).isEqualTo("s1");
        assertThat(s(reader.get(index(1)))).isEqualTo("i1");

        Transaction acked = store.begin(asyncCommit());
        acked.put(index(3), b("k1"));
        acked.put(row(3), b("t1"));
        Pauser.Rule died = pauser.crash(FaultPoints.BEFORE_SECONDARY_COMMIT, acked.startTs());
        long c = acked.commit(null);
        assertThat(acked.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);
        died.awaitReached();
        long afterAck = store.tso().next();
        assertThat(afterAck).isGreaterThan(c);
        assertThat(lockOf(index(3))).as("nothing committed by the dead coordinator").isNotNull();
        assertThat(lockOf(row(3))).isNotNull();
        Transaction later = store.begin(optimistic());
        assertThat(s(later.get(row(3)))).isEqualTo("t1");
        assertThat(s(later.get(index(3)))).isEqualTo("k1");
        assertCommittedAt(acked.startTs(), c, index(3), row(3));
    }

    /**
     * 5: only a secondary is prewritten (the primary's prewrite is still in flight). A reader gets TxnNotFound for
     * the primary and backs off without writing anything; once the secondary's TTL has passed it rolls the primary
     * back with rollback_if_not_exist (protected), and the secondary with it; the late primary prewrite fails.
     */
    @Test
    void scenario05_secondaryBeforePrimary() {
        open();
        commitValues(row(1), "r0", index(1), "i0");
        long s = store.tso().next();
        pw(row(1), s).put(index(1), "i1").async().min(s + 1).ttl(500).run();
        long r = store.tso().next();
        KeyIsLockedException met = thrown(KeyIsLockedException.class, () -> getAt(index(1), r));

        assertThatThrownBy(() -> kv.checkTxnStatus(shardOf(row(1)), row(1), s, r, store.tso().next(), false, false,
                false)).isInstanceOf(TxnNotFoundException.class);
        long wait = store.context().resolver().resolve(new KeyLock(index(1), met.lock), r, new HashSet<>());
        assertThat(wait).as("back off while the secondary's TTL runs").isPositive();
        assertThat(recordOf(row(1), s).kind()).isEqualTo(CommitRecord.Kind.NONE);
        assertThat(lockOf(index(1))).isNotNull();

        assertThat(readFresh(index(1))).isEqualTo("i0");
        assertThat(writeAt(row(1), s).isProtectedRollback()).as("rollback_if_not_exist on the primary").isTrue();
        assertRolledBack(s, index(1));
        assertNoLock(index(1));

        assertThatThrownBy(() -> pw(row(1), s).put(row(1), "r1").async(index(1)).min(s + 1).run())
                .isInstanceOf(TxnRolledBackException.class);
        assertNoLock(row(1));
        assertThat(readFresh(row(1))).isEqualTo("r0");
    }

    /**
     * 6: a reader meets an async lock whose TTL has not expired: it must wait (the lock is neither pushed nor rolled
     * back), and after the commit it sees the value iff commit_ts &le; its read ts. Here the primary's min_commit_ts is
     * below the reader's ts but the secondary's (hence the commit ts) is above it: the reader, blocked on the
     * primary, must finally return the old value.
     */
    @Test
    void scenario06_readerWaitsForLiveAsyncLock() {
        open();
        commitValues(row(1), "r0", index(1), "i0");
        long s = store.tso().next();
        long m1 = pw(row(1), s).put(row(1), "r1").async(index(1)).min(s + 1).run().minCommitTs();
        Transaction reader = store.begin(optimistic());
        long rts = reader.startTs();
        assertThat(rts).isGreaterThanOrEqualTo(m1);
        assertThat(getAt(index(1), rts + 10)).isEqualTo("i0"); // someone reads above the reader: max_ts = R+10
        long m2 = pw(row(1), s).put(index(1), "i1").async().min(s + 1).run().minCommitTs();
        assertThat(m2).isEqualTo(rts + 11);

        TxnStatus st = kv.checkTxnStatus(shardOf(row(1)), row(1), s, rts, store.tso().next(), false, false, false);
        assertThat(st.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        assertThat(st.minCommitTsPushed()).isFalse();
        assertThat(lockOf(row(1)).minCommitTs).isEqualTo(m1);

        Pauser.Rule attempts = pauser.signal(FaultPoints.BEFORE_CHECK_MEMORY_LOCKS, rts);
        Future<String> blocked = async(() -> s(reader.get(row(1))));
        attempts.awaitReached(2);
        assertThat(blocked).isNotDone();
        assertThat(lockOf(row(1)).minCommitTs).as("not pushed by the waiting reader").isEqualTo(m1);
        assertThat(lockOf(row(1)).ttlMs).isEqualTo(10_000);

        long commitTs = Math.max(m1, m2);
        commitKeys(s, commitTs, row(1), index(1));
        assertThat(get(blocked)).as("commit ts above the read ts: old value").isEqualTo("r0");
        assertThat(getAt(row(1), commitTs - 1)).isEqualTo("r0");
        assertThat(getAt(row(1), commitTs)).isEqualTo("r1");
        assertThat(getAt(index(1), commitTs)).isEqualTo("i1");
    }

    /**
     * 7a (test_exceed_max_commit_ts_in_the_middle_of_prewrite): max_ts passes max_commit_ts between the two keys of
     * one request: the first keeps its async lock, the second is a plain 2PC lock, the response says "fell back"
     * (min_commit_ts 0), no memory lock is left behind and a duplicated prewrite stays idempotent.
     */
    @Test
    void scenario07a_maxCommitTsExceededOnSecondKeyOfARequest() {
        open();
        long s = store.tso().next();
        long max = s + 50;
        pauser.act(FaultPoints.BEFORE_SET_MEMORY_LOCK, s, () -> cm.updateMaxTs(max + 100));
        PrewriteRequestBuilder req = pw(row(1), s).put(row(1), "a").put(row(2), "b").async(row(2)).min(s + 1).max(max);
        assertThat(req.run().minCommitTs()).isZero();
        Lock first = lockOf(row(1));
        Lock second = lockOf(row(2));
        assertThat(first.useAsyncCommit).isTrue();
        assertThat(first.minCommitTs).isEqualTo(s + 1);
        assertThat(second.useAsyncCommit).isFalse();
        assertThat(cm.globalMinLockTs()).as("no memory locks left").isEqualTo(Long.MAX_VALUE);
        assertThat(req.run().minCommitTs()).as("retried prewrite").isZero();
        assertThat(lockOf(row(1)).useAsyncCommit).isTrue();
        assertThat(lockOf(row(2)).useAsyncCommit).isFalse();
    }

    /**
     * 7b: the same inside a transaction (single shard, 1PC off, so async commit with one request): the coordinator
     * sees the fallback and completes the transaction with 2PC, both keys at one TSO commit ts.
     */
    @Test
    void scenario07b_clientCompletesFallenBackTransactionWith2pc() {
        open();
        Transaction t = store.begin(optimistic().withOnePc(false));
        t.put(row(1), b("a"));
        t.put(row(2), b("b"));
        long farAhead = plusMs(store.tso().current(), SAFE_WINDOW_MS + 60_000);
        pauser.act(FaultPoints.BEFORE_SET_MEMORY_LOCK, t.startTs(), () -> cm.updateMaxTs(farAhead));
        long c = t.commit(null);
        assertThat(t.commitPath()).isEqualTo(CommitPath.TWO_PC);
        assertThat(store.metrics().asyncFallbacks.count()).isEqualTo(1.0);
        assertThat(readFresh(row(1))).isEqualTo("a");
        assertThat(readFresh(row(2))).isEqualTo("b");
        assertCommittedAt(t.startTs(), c, row(1), row(2));
    }

    /**
     * 7c: a crashed mixed transaction (primary async, secondary fell back to 2PC on its shard). The resolver's
     * CheckSecondaryLocks meets the non-async lock and re-resolves the primary with force_sync_commit: under 2PC rules
     * the expired primary is rolled back, and the whole transaction with it. Without force_sync_commit the async
     * primary is never touched by CheckTxnStatus, even expired.
     */
    @Test
    void scenario07c_resolverOnCrashedMixedTransactionUsesForceSyncCommit() {
        open();
        commitValues(row(1), "r0", index(1), "i0");
        long s = store.tso().next();
        assertThat(pw(row(1), s).put(row(1), "r1").async(index(1)).min(s + 1).ttl(200).run().minCommitTs())
                .isPositive();
        assertThat(pw(row(1), s).put(index(1), "i1").async().min(s + 1).max(s).ttl(200).run().minCommitTs())
                .as("secondary shard fell back").isZero();
        assertThat(lockOf(index(1)).useAsyncCommit).isFalse();
        letTimePass(250); // the coordinator is gone; its TTL passes

        TxnStatus untouched = kv.checkTxnStatus(shardOf(row(1)), row(1), s, store.tso().next(), store.tso().next(),
                true, false, false);
        assertThat(untouched.kind()).isEqualTo(TxnStatus.Kind.LOCKED);
        assertThat(lockOf(row(1))).isNotNull();

        assertThat(readFresh(index(1))).isEqualTo("i0");
        assertRolledBack(s, row(1), index(1));
        assertNoLock(row(1), index(1));
        assertThat(readFresh(row(1))).isEqualTo("r0");
    }

    /**
     * 7d: an async prewrite over two shards that meets another transaction's lock on one of them writes nothing on
     * either (they are one write) and leaves the commit pipeline while it waits, so a transaction decided meanwhile
     * reaches the binlog; once the lock is gone it rejoins with a fresh bound and commits async, above that
     * transaction in commit ts and binlog order. A reader that resolves the transaction from its locks (its
     * coordinator paused after the decision) commits it at the ts the coordinator then reports.
     */
    @Test
    void scenario07d_asyncPrewriteMeetingALockWaitsOutsideThePipelineAndRetriesAsync() {
        InMemoryCommitSink sink = new InMemoryCommitSink();
        open(c -> { }, sink);
        long holder = store.tso().next();
        pw(index(7), holder).put(index(7), "held").ttl(60_000).run();
        Transaction t = store.begin(asyncCommit());
        t.put(index(7), b("i7"));
        t.put(row(7), b("r7"));
        Pauser.Rule decided = pauser.pause(FaultPoints.AFTER_ALL_PREWRITES, t.startTs());
        Future<Long> tc = async(() -> t.commit(b("t")));
        awaitCondition("t waits for the held lock", () -> store.metrics().lockWaits.count() >= 1.0);
        assertNoLock(row(7));
        assertThat(memoryLockOf(row(7))).isNull();

        Transaction u = store.begin(asyncCommit());
        u.put(index(8), b("i8"));
        u.put(row(8), b("r8"));
        long uTs = get(async(() -> u.commit(b("u"))));
        assertThat(sink.byStartTs(u.startTs())).as("u reached the binlog while t waited").isNotNull();

        rollbackAndRelease(index(7), holder);
        decided.awaitReached();
        long expected = Math.max(lockOf(index(7)).minCommitTs, lockOf(row(7)).minCommitTs);
        assertThat(readFresh(row(7))).as("a reader resolves t from its locks").isEqualTo("r7");
        decided.resume();
        long tTs = get(tc);
        assertThat(tTs).isEqualTo(expected).isGreaterThan(uTs);
        assertThat(t.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);
        assertThat(store.metrics().prewriteLockRetries.count()).isEqualTo(1.0);
        assertThat(store.metrics().asyncFallbacks.count()).isZero();
        assertCommittedAt(t.startTs(), tTs, index(7), row(7));
        assertThat(sink.delivered()).extracting(d -> d.startTs()).containsSubsequence(u.startTs(), t.startTs());
    }

    /**
     * 7e: a small 2PC transaction over two shards is prewritten in one write too: meeting a lock on the primary's
     * shard, it has written nothing on the other while it waits, and afterwards commits with 2PC.
     */
    @Test
    void scenario07e_smallTwoPcTransactionPrewritesItsShardsInOneWrite() {
        open();
        long holder = store.tso().next();
        pw(index(9), holder).put(index(9), "held").ttl(60_000).run();
        Transaction t = store.begin(asyncCommit().withAsyncCommit(false));
        t.put(index(9), b("i9"));
        t.put(row(9), b("r9"));
        Future<Long> tc = async(() -> t.commit(null));
        awaitCondition("t waits for the held lock", () -> store.metrics().lockWaits.count() >= 1.0);
        assertNoLock(row(9));
        rollbackAndRelease(index(9), holder);
        long c = get(tc);
        assertThat(t.commitPath()).isEqualTo(CommitPath.TWO_PC);
        assertThat(store.metrics().prewriteLockRetries.count()).as("counts 1PC/async retries only").isZero();
        awaitCondition("t's secondary committed in the background", () -> lockOf(row(9)) == null);
        assertCommittedAt(t.startTs(), c, index(9), row(9));
    }

    /**
     * 21: undetermined result. The response of the (last) prewrite is lost after every prewrite succeeded, i.e. the
     * transaction is already committed. The client must get an error that is not a plain rollback, must not roll
     * back its locks, and a later reader finds the transaction committed. Checked with a plain RuntimeException
     * ("response lost") and with a storage error right after the decision (e.g. the TSO high-water write failing).
     */
    @Test
    void scenario21_lostPrewriteResponseIsUndeterminedAndLaterFoundCommitted() {
        open();
        commitValues(index(1), "i0", row(1), "r0", index(2), "j0", row(2), "s0");
        RuntimeException[] failures = {
            new IllegalStateException("prewrite response lost"),
            new DiskErrorException("cannot persist the TSO high-water mark", null)
        };
        for (int i = 0; i < failures.length; i++) {
            byte[] idx = index(i + 1);
            byte[] row = row(i + 1);
            Transaction t = store.begin(asyncCommit());
            t.put(idx, b("new"));
            t.put(row, b("new"));
            pauser.fail(FaultPoints.AFTER_ALL_PREWRITES, t.startTs(), failures[i]);
            Throwable e = catchThrowable(() -> t.commit(null));
            assertThat(e).as("client error for %s", failures[i]).isInstanceOf(UndeterminedResultException.class)
                    .isNotInstanceOf(TransactionAbortedException.class).hasCause(failures[i]);
            assertThat(t.state()).isEqualTo(Transaction.State.FAILED);
            Lock l1 = lockOf(idx);
            Lock l2 = lockOf(row);
            assertThat(l1).as("client kept its locks after %s", failures[i]).isNotNull();
            assertThat(l2).as("client kept its locks after %s", failures[i]).isNotNull();
            long expected = Math.max(l1.minCommitTs, l2.minCommitTs);
            assertThat(readFresh(row)).isEqualTo("new");
            assertThat(readFresh(idx)).isEqualTo("new");
            assertCommittedAt(t.startTs(), expected, idx, row);
        }
    }

    /**
     * 22: DDL/schema window. The transaction outlives max_commit_ts: its row shard's prewrite pauses past the safe
     * window while a DDL-like reader (e.g. an index backfill) reads at a fresh ts. The second row key's min_commit_ts
     * then exceeds max_commit_ts, that shard falls back, and the coordinator completes with 2PC at a TSO commit ts
     * above the DDL reader's ts: the reader sees none of the transaction, and row and index keys all commit at one ts.
     */
    @Test
    void scenario22_transactionOutlivingMaxCommitTsFallsBackConsistently() {
        open(c -> c.asyncCommitSafeWindowMs = 100);
        commitValues(index(1), "i0", row(1), "r0", row(2), "s0");
        Transaction t = store.begin(asyncCommit());
        t.put(index(1), b("i1")); // primary, shard 2
        t.put(row(1), b("r1"));   // shard 1, prewritten before the primary's shard
        t.put(row(2), b("s1"));
        Pauser.Rule slow = pauser.pause(FaultPoints.BEFORE_SET_MEMORY_LOCK, t.startTs());
        Future<Long> commit = async(() -> t.commit(null));
        slow.awaitReached(); // row(1): max_ts already read; row(2) not yet
        letTimePass(150);    // past max_commit_ts = start + 100 ms
        long ddlTs = store.tso().next();
        assertThat(getAt(row(2), ddlTs)).isEqualTo("s0");
        slow.resume();
        long c = get(commit);

        assertThat(t.commitPath()).isEqualTo(CommitPath.TWO_PC);
        assertThat(store.metrics().asyncFallbacks.count()).isEqualTo(1.0);
        assertThat(c).isGreaterThan(ddlTs);
        assertThat(readFresh(row(1))).isEqualTo("r1");
        assertThat(readFresh(row(2))).isEqualTo("s1");
        assertThat(readFresh(index(1))).isEqualTo("i1");
        assertCommittedAt(t.startTs(), c, index(1), row(1), row(2));
        assertThat(getAt(row(1), ddlTs)).isEqualTo("r0");
        assertThat(getAt(row(2), ddlTs)).isEqualTo("s0");
        assertThat(getAt(index(1), ddlTs)).isEqualTo("i0");
    }
}
