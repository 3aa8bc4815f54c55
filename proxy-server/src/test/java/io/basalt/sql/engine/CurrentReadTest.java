package io.basalt.sql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.session.Session;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * UPDATE, DELETE and locking SELECTs in a pessimistic transaction act on each row's latest committed version, not on
 * the transaction's snapshot (InnoDB's current read); an optimistic transaction reads its snapshot and finds a newer
 * commit as a conflict when it commits.
 */
class CurrentReadTest extends EngineSessionTestBase {
    private Session other;

    @BeforeEach
    void createTable() {
        other = f.sessionIn("d");
        f.exec(s, "CREATE TABLE t (id INT PRIMARY KEY, k INT)");
        f.exec(s, "INSERT INTO t VALUES (1, 0), (2, 0)");
    }

    /** Column k of row {@code id} as session {@code s} reads it. */
    private String k(int id) {
        return String.valueOf(f.exec(s, "SELECT k FROM t WHERE id = " + id).rows().get(0).get(0));
    }

    /** Starts a transaction in {@code s} whose snapshot has k = 0, then commits k = 10 on row 1 from another session. */
    private void snapshotThenOtherCommit() {
        f.exec(s, "BEGIN");
        assertThat(k(1)).isEqualTo("0");
        f.exec(other, "UPDATE t SET k = 10 WHERE id = 1");
    }

    @Test
    void aPessimisticUpdateBuildsOnTheLatestVersion() {
        snapshotThenOtherCommit();
        f.exec(s, "UPDATE t SET k = k + 1 WHERE id = 1");
        f.exec(s, "COMMIT");
        assertThat(k(1)).isEqualTo("11");
    }

    @Test
    void aPessimisticUpdateByPrimaryKeyFindsARowCommittedAfterTheSnapshot() {
        f.exec(s, "BEGIN");
        assertThat(f.exec(s, "SELECT COUNT(*) FROM t WHERE id = 3").rows().get(0).get(0)).hasToString("0");
        f.exec(other, "INSERT INTO t VALUES (3, 5)");
        assertThat(f.exec(s, "UPDATE t SET k = k + 1 WHERE id = 3").affected()).as("InnoDB's current read")
                .isEqualTo(1);
        assertThat(f.exec(s, "UPDATE t SET k = k + 1 WHERE id = 3 AND k = 5").affected())
                .as("WHERE checked on the latest version (k is 6 now)").isZero();
        f.exec(s, "COMMIT");
        assertThat(k(3)).isEqualTo("6");
    }

    @Test
    void aPessimisticLockingSelectReturnsTheLatestVersionAndAPlainOneTheSnapshot() {
        snapshotThenOtherCommit();
        assertThat(f.exec(s, "SELECT k FROM t WHERE id = 1 FOR UPDATE").rows().get(0).get(0)).hasToString("10");
        assertThat(k(1)).isEqualTo("0");
        f.exec(s, "COMMIT");
    }

    @Test
    void aPessimisticDeleteRechecksWhereAgainstTheLatestVersion() {
        snapshotThenOtherCommit();
        assertThat(f.exec(s, "DELETE FROM t WHERE k = 0").affected()).isEqualTo(1);
        f.exec(s, "COMMIT");
        assertThat(f.exec(s, "SELECT id, k FROM t").rows()).hasSize(1);
        assertThat(k(1)).isEqualTo("10");
    }

    @Test
    void anOptimisticUpdateOfARowChangedSinceItsSnapshotFailsAtCommit() {
        f.exec(s, "SET tidb_txn_mode = 'OPTIMISTIC'");
        snapshotThenOtherCommit();
        f.exec(s, "UPDATE t SET k = k + 1 WHERE id = 1");
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "COMMIT"))).isEqualTo(1213);
        assertThat(k(1)).isEqualTo("10");
    }

    @Test
    void anOptimisticLockingSelectOfARowChangedSinceItsSnapshotFailsAtCommit() {
        f.exec(s, "SET tidb_txn_mode = 'OPTIMISTIC'");
        snapshotThenOtherCommit();
        assertThat(f.exec(s, "SELECT k FROM t WHERE id = 1 FOR UPDATE").rows().get(0).get(0)).hasToString("0");
        f.exec(s, "UPDATE t SET k = 5 WHERE id = 2");
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "COMMIT"))).isEqualTo(1213);
        assertThat(k(2)).isEqualTo("0");
    }
}
