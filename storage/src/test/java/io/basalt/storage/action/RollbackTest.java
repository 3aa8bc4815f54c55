package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.KeyIsLockedException;
import io.basalt.storage.error.StorageException;
import io.basalt.storage.error.TxnRolledBackException;
import io.basalt.storage.mvcc.LockType;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rollback, Cleanup and PessimisticRollback (spec §2.4). */
class RollbackTest extends ActionTestBase {

    @Test
    void rollbackWritesAProtectedRecordOnThePrimaryOnly() {
        pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").run();
        kv.rollback(shardOf(row(1)), List.of(row(1), row(2)), ts(10));
        assertThat(lockOf(row(1))).isNull();
        assertThat(lockOf(row(2))).isNull();
        Write primary = writeAt(row(1), ts(10));
        assertThat(primary.type).isEqualTo(WriteType.ROLLBACK);
        assertThat(primary.startTs).isEqualTo(ts(10));
        assertThat(primary.isProtectedRollback()).isTrue();
        Write secondary = writeAt(row(2), ts(10));
        assertThat(secondary.type).isEqualTo(WriteType.ROLLBACK);
        assertThat(secondary.isProtectedRollback()).isFalse();
        assertThat(get(row(1), ts(20))).isNull();
    }

    @Test
    void rollbackRemovesTheLongValue() {
        pw(row(1), ts(10)).put(row(1), longValue('r')).run();
        assertThat(defaultValue(row(1), ts(10))).isNotNull();
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10));
        assertThat(defaultValue(row(1), ts(10))).isNull();
    }

    @Test
    void rollbackWithoutLockWritesARecordSoALatePrewriteFails() {
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10));
        assertThat(writeAt(row(1), ts(10)).type).isEqualTo(WriteType.ROLLBACK);
        assertThatThrownBy(() -> pw(row(1), ts(10)).put(row(1), "late").run())
                .isInstanceOf(TxnRolledBackException.class);
        assertThat(lockOf(row(1))).isNull();
    }

    @Test
    void rollbackIsIdempotent() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10));
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10));
        assertThat(writeTimestamps(row(1))).containsExactly(ts(10));
    }

    @Test
    void rollbackLeavesAForeignLockAlone() {
        pw(row(1), ts(5)).put(row(1), "theirs").run();
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10));
        assertThat(lockOf(row(1)).startTs).isEqualTo(ts(5));
        commit(row(1), ts(5), ts(6));
        assertThat(get(row(1), ts(20))).isEqualTo("theirs");
    }

    @Test
    void aCommittedTransactionCannotBeRolledBack() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        commit(row(1), ts(10), ts(15));
        assertThatThrownBy(() -> kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10)))
                .isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> kv.cleanup(shardOf(row(1)), row(1), ts(10), 0))
                .isInstanceOf(StorageException.class);
        assertThat(writeTimestamps(row(1))).containsExactly(ts(15));
        assertThat(get(row(1), ts(15))).isEqualTo("a");
    }

    @Test
    void cleanupIsRefusedWhileTheLockIsAliveAndRollsBackAfterItsTtl() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        assertThatThrownBy(() -> kv.cleanup(shardOf(row(1)), row(1), ts(10), ts(20)))
                .isInstanceOfSatisfying(KeyIsLockedException.class,
                        e -> assertThat(e.lock.startTs).isEqualTo(ts(10)));
        assertThat(lockOf(row(1))).isNotNull();

        kv.cleanup(shardOf(row(1)), row(1), ts(10), expired());
        assertThat(lockOf(row(1))).isNull();
        Write w = writeAt(row(1), ts(10));
        assertThat(w.type).isEqualTo(WriteType.ROLLBACK);
        assertThat(w.isProtectedRollback()).isTrue();
        assertThatThrownBy(() -> commit(row(1), ts(10), ts(30)))
                .isInstanceOf(io.basalt.storage.error.TxnLockNotFoundException.class);
    }

    @Test
    void cleanupWithoutLockWritesAProtectedRollbackAndRaisesMaxTs() {
        kv.cleanup(shardOf(row(2)), row(2), ts(40), ts(41));
        assertThat(writeAt(row(2), ts(40)).isProtectedRollback()).isTrue();
        assertThat(cm.maxTs()).isGreaterThanOrEqualTo(ts(40));
        // so an async commit prewritten later cannot pick a commit ts equal to the rolled-back start ts
        long min = pw(row(3), ts(10)).put(row(3), "x").async().run().minCommitTs();
        assertThat(min).isGreaterThan(ts(40));
    }

    @Test
    void cleanupWithZeroCurrentTsSkipsTheTtlCheck() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        kv.cleanup(shardOf(row(1)), row(1), ts(10), 0);
        assertThat(lockOf(row(1))).isNull();
        assertThat(writeAt(row(1), ts(10)).isProtectedRollback()).isTrue();
    }

    @Test
    void pessimisticRollbackRemovesOnlyOwnPessimisticLocksAndWritesNoRecord() {
        pessimisticLock(row(1), ts(10), ts(12), row(1), row(2));
        pw(row(3), ts(10)).put(row(3), "prewritten").run();
        kv.pessimisticRollback(shardOf(row(1)), List.of(row(1), row(2), row(3)), ts(10), ts(12));
        assertThat(lockOf(row(1))).isNull();
        assertThat(lockOf(row(2))).isNull();
        assertThat(lockOf(row(3)).type).as("a prewrite lock is not a pessimistic lock").isEqualTo(LockType.PUT);
        assertThat(writes(row(1))).isEmpty();
        // the transaction goes on: it can lock again
        pessimisticLock(row(1), ts(10), ts(14), row(1));
        assertThat(lockOf(row(1)).forUpdateTs).isEqualTo(ts(14));
    }

    @Test
    void pessimisticRollbackKeepsALockTakenByALaterStatement() {
        pessimisticLock(row(1), ts(10), ts(20), row(1));
        kv.pessimisticRollback(shardOf(row(1)), List.of(row(1)), ts(10), ts(15));
        assertThat(lockOf(row(1))).isNotNull();
    }
}
