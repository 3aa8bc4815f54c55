package io.basalt.storage.txn;

import static io.basalt.storage.testing.StoreFixture.bytes;
import static io.basalt.storage.testing.StoreFixture.index;
import static io.basalt.storage.testing.StoreFixture.row;
import static io.basalt.storage.testing.StoreFixture.str;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.TxnStore;
import io.basalt.storage.error.WriteConflictException;
import io.basalt.storage.testing.StoreFixture;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys written with their row ({@link Transaction#putWithRow}) leave write-conflict detection to the row key, in
 * optimistic transactions too; keys written without a lock but without that promise ({@link Transaction#putNoLock},
 * an index backfill's entries) are still checked.
 */
class CoveredKeysTest {
    @TempDir
    Path dir;
    private TxnStore store;
    private TxnOptions optimistic;

    @BeforeEach
    void open() {
        store = StoreFixture.open(dir);
        optimistic = store.defaultOptions().withPessimistic(false);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void aConcurrentRowWriteConflictsThroughTheRowKey() {
        Transaction a = store.begin(optimistic);
        Transaction b = store.begin(optimistic);
        a.put(row(1), bytes("a"));
        a.putWithRow(index(7), bytes("1"));
        b.put(row(1), bytes("b"));
        b.putWithRow(index(8), bytes("1"));
        a.commit(null);
        assertThatThrownBy(() -> b.commit(null)).isInstanceOf(WriteConflictException.class);
        assertThat(str(store.begin().get(row(1)))).isEqualTo("a");
    }

    @Test
    void aNewerWriteOfACoveredKeyAloneIsNoConflict() {
        // only a writer that breaks the promise (the entry without its row) can produce this schedule; it shows that
        // the covered key is not checked and that the row key, not the index key sorted before it, is the primary
        Transaction a = store.begin(optimistic);
        a.put(row(1), bytes("a"));
        a.putWithRow(index(7), bytes("1"));
        commitAlone(t -> t.putNoLock(index(7), bytes("other")));
        a.commit(null);
        assertThat(str(store.begin().get(index(7)))).isEqualTo("1");
    }

    @Test
    void aKeyWrittenWithoutLockButWithoutItsRowIsStillChecked() {
        Transaction backfill = store.begin(optimistic);
        backfill.putNoLock(index(7), bytes("stale"));
        commitAlone(t -> {
            t.put(row(1), bytes("x"));
            t.deleteWithRow(index(7));
        });
        assertThatThrownBy(() -> backfill.commit(null)).isInstanceOf(WriteConflictException.class);
        assertThat(store.begin().get(index(7))).isNull();
    }

    @Test
    void aKeyAlsoWrittenUncoveredIsChecked() {
        Transaction a = store.begin(optimistic);
        a.put(row(1), bytes("a"));
        a.put(index(7), bytes("1"));
        a.putWithRow(index(7), bytes("2"));
        commitAlone(t -> t.putNoLock(index(7), bytes("other")));
        assertThatThrownBy(() -> a.commit(null)).isInstanceOf(WriteConflictException.class);
    }

    @Test
    void aRolledBackCoveredWriteLeavesTheEarlierUncoveredOneChecked() {
        Transaction a = store.begin(optimistic);
        a.put(row(1), bytes("a"));
        a.put(index(7), bytes("1"));
        int statement = a.savepoint();
        a.putWithRow(index(7), bytes("2"));
        a.rollbackToSavepoint(statement);
        commitAlone(t -> t.putNoLock(index(7), bytes("other")));
        assertThatThrownBy(() -> a.commit(null)).isInstanceOf(WriteConflictException.class);
    }

    private void commitAlone(Consumer<Transaction> writes) {
        Transaction t = store.begin(optimistic);
        writes.accept(t);
        t.commit(null);
    }
}
