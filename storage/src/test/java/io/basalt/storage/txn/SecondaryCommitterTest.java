package io.basalt.storage.txn;

import static io.basalt.storage.testing.StoreFixture.index;
import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.TxnStore;
import io.basalt.storage.action.KvService;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.CommitRecord;
import io.basalt.storage.mvcc.MvccReader;
import io.basalt.storage.testing.Await;
import io.basalt.storage.testing.PrewriteRequestBuilder;
import io.basalt.storage.testing.StoreFixture;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SecondaryCommitter} commits queued transactions together, one write per shard, and still commits every
 * other transaction of a batch when one of them cannot be committed; it commits what is queued before it closes,
 * and a full queue makes the submitting thread do the work. A single worker is held on a "blocker" transaction so
 * the test decides what one batch holds.
 */
class SecondaryCommitterTest {
    private static final long ONE_HOUR_MS = 3_600_000;

    @TempDir
    Path dir;
    TxnStore store;
    KvService kv;
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final CountDownLatch blockerReached = new CountDownLatch(1);
    final CountDownLatch releaseBlocker = new CountDownLatch(1);
    long blockerTs;

    @BeforeEach
    void openStore() {
        store = StoreFixture.open(dir);
        kv = store.context().kv();
    }

    @AfterEach
    void closeStore() {
        releaseBlocker.countDown();
        store.close();
    }

    @Test
    void aBatchCommitsEveryTransactionAndOneThatCannotCommitSparesTheOthers() throws InterruptedException {
        try (SecondaryCommitter committer = committer(100)) {
            holdWorker(committer);
            Txn t1 = prewrite(row(1), index(1));
            Txn gone = prewrite(row(2), index(2));
            kv.rollback(shardOf(row(2)), List.of(row(2)), gone.startTs);
            kv.rollback(shardOf(index(2)), List.of(index(2)), gone.startTs);
            Txn t3 = prewrite(row(3), index(3));
            // a resolver committed t1's row, then t4 locked it: one batch names row(1) for both
            long t1Commit = store.tso().next();
            kv.commit(shardOf(row(1)), List.of(row(1)), t1.startTs, t1Commit);
            Txn t4 = prewrite(row(1));
            long t3Commit = store.tso().next();
            long goneCommit = store.tso().next();
            long t4Commit = store.tso().next();
            submit(committer, t1, t1Commit);
            submit(committer, gone, goneCommit);
            submit(committer, t3, t3Commit);
            submit(committer, t4, t4Commit);
            assertThat(backlog()).isEqualTo(4.0);

            releaseBlocker.countDown();

            Await.until("every committable key committed", () -> lockOf(index(1)) == null
                    && lockOf(row(3)) == null && lockOf(index(3)) == null && lockOf(row(1)) == null);
            assertCommittedAt(t1.startTs, t1Commit, row(1), index(1));
            assertCommittedAt(t3.startTs, t3Commit, row(3), index(3));
            assertCommittedAt(t4.startTs, t4Commit, row(1));
            assertThat(record(row(2), gone.startTs).isRolledBack()).isTrue();
            assertThat(backlog()).isZero();
        }
    }

    @Test
    void closeCommitsWhatIsQueued() throws InterruptedException {
        SecondaryCommitter committer = committer(100);
        holdWorker(committer);
        Txn t = prewrite(row(5), index(5));
        long commitTs = store.tso().next();
        submit(committer, t, commitTs);
        Thread closer = new Thread(committer::close);
        closer.start();

        releaseBlocker.countDown();
        closer.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(closer.isAlive()).isFalse();
        assertCommittedAt(t.startTs, commitTs, row(5), index(5));
    }

    @Test
    void aFullQueueMakesTheSubmitterCommitItself() throws InterruptedException {
        try (SecondaryCommitter committer = committer(1)) {
            holdWorker(committer);
            Txn queued = prewrite(row(6), index(6));
            Txn overflow = prewrite(row(7), index(7));
            long queuedCommit = store.tso().next();
            long overflowCommit = store.tso().next();
            submit(committer, queued, queuedCommit);
            submit(committer, overflow, overflowCommit);

            assertCommittedAt(overflow.startTs, overflowCommit, row(7), index(7));
            assertThat(lockOf(row(6))).as("still queued behind the held worker").isNotNull();
            assertThat(backlog()).isEqualTo(1.0);
            releaseBlocker.countDown();
            Await.until("queued transaction committed", () -> lockOf(row(6)) == null && lockOf(index(6)) == null);
            assertCommittedAt(queued.startTs, queuedCommit, row(6), index(6));
        }
    }

    /** One prewritten transaction: its start ts and its locked keys per shard. */
    private record Txn(long startTs, Map<Integer, List<byte[]>> byShard) {
    }

    private SecondaryCommitter committer(int queueLimit) {
        FaultInjector holdBlocker = (point, startTs) -> {
            if (point.equals(FaultPoints.BEFORE_SECONDARY_COMMIT) && startTs == blockerTs) {
                blockerReached.countDown();
                try {
                    releaseBlocker.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        return new SecondaryCommitter(kv, holdBlocker, 1, queueLimit, ONE_HOUR_MS, registry);
    }

    /** Submits a blocker transaction and waits until the one worker is held inside its batch. */
    private void holdWorker(SecondaryCommitter committer) throws InterruptedException {
        Txn blocker = prewrite(row(100));
        blockerTs = blocker.startTs;
        submit(committer, blocker, store.tso().next());
        assertThat(blockerReached.await(30, TimeUnit.SECONDS)).isTrue();
    }

    private Txn prewrite(byte[]... keys) {
        long startTs = store.tso().next();
        Map<Integer, List<byte[]>> byShard = new HashMap<>();
        for (byte[] k : keys) {
            byShard.computeIfAbsent(shardOf(k), s -> new ArrayList<>()).add(k);
        }
        byShard.forEach((shard, shardKeys) -> {
            PrewriteRequestBuilder pw = new PrewriteRequestBuilder(keys[0], startTs, 10_000, this::shardOf,
                    (s, r) -> kv.prewrite(s, r));
            shardKeys.forEach(k -> pw.put(k, "v" + startTs));
            pw.run();
        });
        return new Txn(startTs, byShard);
    }

    private void submit(SecondaryCommitter committer, Txn t, long commitTs) {
        committer.submit(t.startTs, commitTs, t.byShard, -1);
    }

    private int shardOf(byte[] key) {
        return store.regions().shardOf(key);
    }

    private Object lockOf(byte[] key) {
        return PrewriteRequestBuilder.lockOf(store, key);
    }

    private CommitRecord record(byte[] key, long startTs) {
        try (MvccReader r = PrewriteRequestBuilder.raw(store, key)) {
            return r.txnCommitRecord(key, startTs);
        }
    }

    private void assertCommittedAt(long startTs, long commitTs, byte[]... keys) {
        for (byte[] k : keys) {
            CommitRecord rec = record(k, startTs);
            assertThat(rec.isCommitted()).as("txn %d committed", startTs).isTrue();
            assertThat(rec.commitTs()).as("commit ts of txn %d", startTs).isEqualTo(commitTs);
        }
    }

    private double backlog() {
        return registry.get("basalt.txn.secondaries.backlog").gauge().value();
    }
}
