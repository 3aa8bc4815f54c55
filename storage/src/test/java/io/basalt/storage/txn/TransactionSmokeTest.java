package io.basalt.storage.txn;

import static io.basalt.storage.testing.StoreFixture.bytes;
import static io.basalt.storage.testing.StoreFixture.index;
import static io.basalt.storage.testing.StoreFixture.row;
import static io.basalt.storage.testing.StoreFixture.str;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.TxnStore;
import io.basalt.storage.error.DuplicateKeyException;
import io.basalt.storage.error.WriteConflictException;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.testing.InMemoryCommitSink;
import io.basalt.storage.testing.StoreFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransactionSmokeTest {
    @TempDir
    Path dir;

    @Test
    void refreshedReadSnapshotSeesLaterCommitsAndOwnWrites() {
        try (TxnStore store = StoreFixture.open(StoreFixture.config(dir), new InMemoryCommitSink(),
                FaultInjector.NONE)) {
            Transaction reader = store.begin();
            reader.put(row(9), bytes("mine"));
            Transaction writer = store.begin();
            writer.put(row(1), bytes("later"));
            writer.commit(bytes("w"));

            assertThat(reader.get(row(1))).isNull();
            reader.refreshReadSnapshot();
            assertThat(str(reader.get(row(1)))).isEqualTo("later");
            assertThat(reader.scan(row(0), row(100), 10, false)).hasSize(2);
            assertThat(str(reader.get(row(9)))).isEqualTo("mine");
            reader.commit(bytes("r"));
        }
    }

    @Test
    void eachCommitPathCommitsAndIsVisibleAfterReopen() {
        InMemoryCommitSink sink = new InMemoryCommitSink();
        var cfg = StoreFixture.config(dir);
        try (TxnStore store = StoreFixture.open(cfg, sink, FaultInjector.NONE)) {
            Transaction t1 = store.begin();
            t1.put(row(1), bytes("one"));
            t1.commit(bytes("p1"));
            assertThat(t1.commitPath()).isEqualTo(CommitPath.ONE_PC);

            Transaction t2 = store.begin(store.defaultOptions().withOnePc(false));
            t2.put(row(2), bytes("two"));
            t2.put(index(2), bytes(""));
            t2.commit(bytes("p2"));
            assertThat(t2.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);

            Transaction t3 = store.begin(store.defaultOptions().withAsyncCommit(false).withOnePc(false));
            t3.put(row(3), bytes("three"));
            t3.put(index(3), bytes(""));
            t3.commit(bytes("p3"));
            assertThat(t3.commitPath()).isEqualTo(CommitPath.TWO_PC);

            Transaction r = store.begin();
            assertThat(str(r.get(row(1)))).isEqualTo("one");
            assertThat(str(r.get(row(2)))).isEqualTo("two");
            assertThat(str(r.get(row(3)))).isEqualTo("three");
            assertThat(r.scan(row(0), row(100), 10, false)).hasSize(3);
            assertThat(str(r.scan(row(0), row(100), 10, true).get(0).value())).isEqualTo("three");
            r.commit(null);
            assertThat(sink.delivered()).hasSize(3);
        }
        try (TxnStore store = StoreFixture.open(cfg, sink, FaultInjector.NONE)) {
            Transaction r = store.begin();
            assertThat(str(r.get(row(3)))).isEqualTo("three");
            assertThat(sink.delivered()).hasSize(3);
        }
    }

    @Test
    void optimisticConflictAndDuplicateKey() {
        try (TxnStore store = StoreFixture.open(dir)) {
            var opt = store.defaultOptions().withPessimistic(false);
            Transaction a = store.begin(opt);
            Transaction b = store.begin(opt);
            a.put(row(1), bytes("a"));
            b.put(row(1), bytes("b"));
            a.commit(null);
            assertThatThrownBy(() -> b.commit(null)).isInstanceOf(WriteConflictException.class);
            Transaction c = store.begin();
            assertThatThrownBy(() -> c.insert(row(1), bytes("c"))).isInstanceOf(DuplicateKeyException.class);
        }
    }

    @Test
    void insertAfterOwnDeleteReplacesTheRowAndSecondInsertOfOwnKeyIsDuplicate() {
        try (TxnStore store = StoreFixture.open(dir)) {
            Transaction seed = store.begin();
            seed.insert(row(7), bytes("old"));
            seed.commit(null);
            for (boolean pessimistic : new boolean[] {true, false}) {
                Transaction t = store.begin(store.defaultOptions().withPessimistic(pessimistic));
                t.delete(row(7));
                t.insert(row(7), bytes("new-" + pessimistic));
                assertThatThrownBy(() -> t.insert(row(7), bytes("again"))).isInstanceOf(DuplicateKeyException.class);
                t.commit(null);
                Transaction r = store.begin();
                assertThat(str(r.get(row(7)))).isEqualTo("new-" + pessimistic);
                r.rollback();
            }
            Transaction fresh = store.begin();
            fresh.insert(row(8), bytes("x"));
            assertThatThrownBy(() -> fresh.insert(row(8), bytes("y"))).isInstanceOf(DuplicateKeyException.class);
            fresh.rollback();
        }
    }

    @Test
    void lockingReadReturnsOwnWriteOverCommittedValue() {
        try (TxnStore store = StoreFixture.open(dir)) {
            Transaction seed = store.begin();
            seed.insert(row(9), bytes("committed"));
            seed.insert(row(10), bytes("gone"));
            seed.commit(null);
            Transaction t = store.begin();
            t.put(row(9), bytes("mine"));
            t.delete(row(10));
            var values = t.lockKeys(java.util.List.of(row(9), row(10)), true, null);
            assertThat(str(values.get(0))).isEqualTo("mine");
            assertThat(values.get(1)).isNull();
            t.rollback();
        }
    }

    @Test
    void pessimisticWaitsForHolder() throws Exception {
        try (TxnStore store = StoreFixture.open(dir)) {
            Transaction a = store.begin();
            a.put(row(1), bytes("a"));
            Thread th = new Thread(() -> {
                Transaction b = store.begin();
                var vals = b.lockKeys(java.util.List.of(row(1)), true, null);
                b.put(row(1), bytes(str(vals.get(0)) + "b"));
                b.commit(null);
            });
            th.start();
            Thread.sleep(100);
            a.commit(null);
            th.join(5000);
            assertThat(str(store.begin().get(row(1)))).isEqualTo("ab");
        }
    }
}
