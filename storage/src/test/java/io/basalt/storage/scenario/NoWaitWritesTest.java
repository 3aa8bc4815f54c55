package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.fault.FaultPoints;
import io.basalt.storage.mvcc.Lock;
import io.basalt.storage.txn.Transaction;
import java.util.List;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Pessimistic locks taken inside a {@link NoWaitScope} (a data statement of an open transaction run by the server's
 * event loop): taking one is refused with {@link WouldBlockException} where it would wait for another transaction or
 * write to RocksDB, before anything was written; the transaction stays usable, so the statement can run again on a
 * thread that may wait.
 */
class NoWaitWritesTest extends ScenarioBase {

    @Test
    void aLockAnotherTransactionHoldsIsRefusedWithoutWaitingOrResolvingIt() {
        open();
        Transaction holder = store.begin(pessimistic());
        holder.lockKeys(List.of(row(1)), false, null);
        Transaction t = store.begin(pessimistic());
        try (NoWaitScope ignored = NoWaitScope.enter(100)) {
            assertThatThrownBy(() -> t.lockKeys(List.of(row(1)), false, null))
                    .isInstanceOf(WouldBlockException.class).hasMessageContaining("lock");
        }
        assertThat(memoryLock(row(1)).startTs).as("left to its owner").isEqualTo(holder.startTs());
        assertThat(t.state()).isEqualTo(Transaction.State.ACTIVE);
        holder.rollback();
        t.lockKeys(List.of(row(1)), false, null);
        assertThat(memoryLock(row(1)).startTs).isEqualTo(t.startTs());
        t.rollback();
    }

    @Test
    void aLockThatMustBeWrittenToRocksDbIsRefusedBeforeTheWrite() {
        open(c -> c.pessimisticLockMemoryMb = 0);
        Transaction t = store.begin(pessimistic());
        try (NoWaitScope ignored = NoWaitScope.enter(100)) {
            assertThatThrownBy(() -> t.lockKeys(List.of(row(1)), false, null))
                    .isInstanceOf(WouldBlockException.class).hasMessageContaining("RocksDB write");
        }
        assertNoLock(row(1));
        assertThat(t.state()).isEqualTo(Transaction.State.ACTIVE);
        t.lockKeys(List.of(row(1)), false, null);
        assertThat(lockOf(row(1)).startTs).as("written once it may wait").isEqualTo(t.startTs());
        t.rollback();
    }

    @Test
    void aLockKeptInMemoryIsTakenWithoutWaiting() {
        open();
        commitValues(row(1), "v0");
        Transaction t = store.begin(pessimistic());
        try (NoWaitScope ignored = NoWaitScope.enter(100)) {
            assertThat(t.lockKeys(List.of(row(1)), true, null)).extracting(ScenarioBase::s).containsExactly("v0");
        }
        assertThat(memoryLock(row(1)).startTs).isEqualTo(t.startTs());
        t.rollback();
    }

    @Test
    void aRollbackThatWouldWaitForALatchReleasesTheLocksOnAnotherThreadInsteadOfLeavingThemToTheirTtl() {
        open();
        Transaction t = store.begin(pessimistic());
        t.lockKeys(List.of(row(1)), false, null);
        Pauser.Rule latched = pauser.pause(FaultPoints.BEFORE_WRITE_BATCH, Pauser.ANY);
        Future<?> gc = asyncRun(() -> kv.gc(shardOf(row(1)), List.of(row(1)), 1)); // holds row(1)'s latch
        latched.awaitReached();
        try (NoWaitScope ignored = NoWaitScope.enter(100)) {
            t.rollback(); // its lock release would wait for the latch
        }
        assertThat(t.state()).isEqualTo(Transaction.State.ROLLED_BACK);
        latched.resume();
        get(gc);
        awaitCondition("the lock released by the store's timer thread",
                () -> store.shard(shardOf(row(1))).pessimisticLocks().get(row(1)) == null);
        Transaction next = store.begin(pessimistic());
        next.lockKeys(List.of(row(1)), false, null); // would wait for the lock's TTL had it been left
        next.rollback();
    }

    /** The pessimistic lock the shard keeps in memory for {@code key}; fails the test when there is none. */
    private Lock memoryLock(byte[] key) {
        byte[] encoded = store.shard(shardOf(key)).pessimisticLocks().get(key);
        assertThat(encoded).as("an in-memory lock").isNotNull();
        return Lock.decode(encoded);
    }
}
