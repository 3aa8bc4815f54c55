package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.error.CommitTsExpiredException;
import io.basalt.storage.error.TxnLockNotFoundException;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Commit (spec §2.3). */
class CommitTest extends ActionTestBase {

    @Test
    void commitTurnsTheLockIntoACommitRecord() {
        commitPut(row(1), "old", ts(1), ts(2));
        pw(row(1), ts(10)).put(row(1), "a").add(Mutation.delete(row(2))).add(Mutation.lock(row(3))).run();
        kv.commit(shardOf(row(1)), List.of(row(1), row(2), row(3)), ts(10), ts(15));
        assertThat(lockOf(row(1))).isNull();
        Write w = writeAt(row(1), ts(15));
        assertThat(w.type).isEqualTo(WriteType.PUT);
        assertThat(w.startTs).isEqualTo(ts(10));
        assertThat(w.hasOverlappedRollback).isFalse();
        assertThat(writeAt(row(2), ts(15)).type).isEqualTo(WriteType.DELETE);
        assertThat(writeAt(row(3), ts(15)).type).isEqualTo(WriteType.LOCK);
        assertThat(get(row(1), ts(14))).isEqualTo("old");
        assertThat(get(row(1), ts(15))).isEqualTo("a");
    }

    @Test
    void commitBelowMinCommitTsIsCommitTsExpired() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        // a reader at 20 pushes the live 2PC lock's min_commit_ts to 21
        TxnStatus st = checkTxnStatus(row(1), ts(10), ts(20), ts(12));
        assertThat(st.minCommitTsPushed()).isTrue();
        assertThatThrownBy(() -> commit(row(1), ts(10), ts(15)))
                .isInstanceOfSatisfying(CommitTsExpiredException.class,
                        e -> assertThat(e.minCommitTs).isEqualTo(ts(21)));
        assertThat(lockOf(row(1))).as("lock kept").isNotNull();
        assertThat(writes(row(1))).isEmpty();
        commit(row(1), ts(10), ts(21));
        assertThat(get(row(1), ts(21))).isEqualTo("a");
    }

    @Test
    void asyncLockCannotBeCommittedBelowItsMinCommitTs() {
        cm.updateMaxTs(ts(30));
        long min = pw(row(1), ts(10)).put(row(1), "a").async().run().minCommitTs();
        assertThat(min).isEqualTo(ts(31));
        assertThatThrownBy(() -> commit(row(1), ts(10), ts(30))).isInstanceOf(CommitTsExpiredException.class);
        commit(row(1), ts(10), min);
        assertThat(writeTimestamps(row(1))).containsExactly(ts(31));
    }

    @Test
    void commitIsIdempotent() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        commit(row(1), ts(10), ts(15));
        commit(row(1), ts(10), ts(15));
        assertThat(writeTimestamps(row(1))).containsExactly(ts(15));
        assertThat(get(row(1), ts(15))).isEqualTo("a");
    }

    @Test
    void commitAfterRollbackIsTxnLockNotFound() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(10));
        assertThatThrownBy(() -> commit(row(1), ts(10), ts(15))).isInstanceOf(TxnLockNotFoundException.class);
        assertThat(get(row(1), ts(20))).isNull();
        assertThat(writeAt(row(1), ts(15))).isNull();
    }

    @Test
    void commitWithoutLockOrRecordIsTxnLockNotFound() {
        assertThatThrownBy(() -> commit(row(1), ts(10), ts(15))).isInstanceOf(TxnLockNotFoundException.class);
        assertThat(writes(row(1))).isEmpty();
    }

    @Test
    void commitDoesNotTouchAForeignLock() {
        pw(row(1), ts(12)).put(row(1), "other").run();
        assertThatThrownBy(() -> commit(row(1), ts(10), ts(15))).isInstanceOf(TxnLockNotFoundException.class);
        assertThat(lockOf(row(1)).startTs).isEqualTo(ts(12));
    }

    @Test
    void commitOfAStalePessimisticLockJustRemovesIt() {
        commitPut(row(1), "old", ts(1), ts(2));
        pessimisticLock(row(1), ts(10), ts(10), row(1));
        commit(row(1), ts(10), ts(15));
        assertThat(lockOf(row(1))).isNull();
        assertThat(writeTimestamps(row(1))).containsExactly(ts(2));
        assertThat(get(row(1), ts(20))).isEqualTo("old");
    }

    @Test
    void commitOfALongValueKeepsItInTheDefaultCf() {
        byte[] big = longValue('q');
        pw(row(1), ts(10)).put(row(1), big).run();
        commit(row(1), ts(10), ts(11));
        assertThat(defaultValue(row(1), ts(10))).isEqualTo(big);
        assertThat(kv.get(shardOf(row(1)), row(1), ts(11), NO_BYPASS)).isEqualTo(big);
    }
}
