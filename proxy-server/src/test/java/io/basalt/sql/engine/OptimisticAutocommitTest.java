package io.basalt.sql.engine;

import static io.basalt.sql.engine.EngineFixture.error;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Session;
import io.basalt.sql.row.RowCodec;
import io.basalt.storage.fault.FaultPoints;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An autocommit data statement in a pessimistic session runs without pessimistic locks; when another commit lands
 * between its start and its commit, it runs once more with them, and the client sees only the second run's outcome
 * (DESIGN.md §3.6). The other commit is made from a fault point just before the statement's 1PC decision.
 */
class OptimisticAutocommitTest extends EngineSessionTestBase {
    private final AtomicReference<Runnable> beforeNextOnePc = new AtomicReference<>();
    private Session other;

    @Override
    EngineFixture fixture(Path dir) {
        return new EngineFixture(dir, (point, startTs) -> {
            if (point.equals(FaultPoints.BEFORE_ONE_PC)) {
                Runnable r = beforeNextOnePc.getAndSet(null); // once: the interloper's own commit passes here too
                if (r != null) {
                    r.run();
                }
            }
        });
    }

    @BeforeEach
    void createTable() {
        other = f.sessionIn("d");
        f.exec(s, "CREATE TABLE t (id INT PRIMARY KEY, k INT, c VARCHAR(10))");
        f.exec(s, "INSERT INTO t VALUES (1, 0, 'a')");
    }

    private double retries() {
        return f.meters.get("basalt.statement.optimistic.retries").counter().count();
    }

    private void beforeNextCommit(String interloperSql) {
        beforeNextOnePc.set(() -> f.exec(other, interloperSql));
    }

    private List<String> row(int id) {
        return f.exec(s, "SELECT k, c FROM t WHERE id = " + id).rows().get(0).stream().map(String::valueOf).toList();
    }

    @Test
    void anUpdateThatMeetsAConflictAtCommitRunsAgainAndLosesNoUpdate() {
        beforeNextCommit("UPDATE t SET k = k + 10 WHERE id = 1");
        EngineFixture.Result r = f.exec(s, "UPDATE t SET k = k + 1 WHERE id = 1");
        assertThat(r.affected()).isEqualTo(1);
        assertThat(row(1)).containsExactly("11", "a");
        assertThat(retries()).isEqualTo(1.0);
    }

    @Test
    void aStatementRunAgainReportsOnlyItsLastRunsWarnings() {
        f.exec(s, "SET sql_mode = ''");
        beforeNextCommit("UPDATE t SET k = k + 10 WHERE id = 1");
        EngineFixture.Result r = f.exec(s, "UPDATE t SET k = k + 1, c = 'far too long for ten' WHERE id = 1");
        assertThat(r.affected()).isEqualTo(1);
        assertThat(f.exec(s, "SHOW WARNINGS").column(1)).extracting(String::valueOf).containsExactly("1265");
        assertThat(row(1)).containsExactly("11", "far too lo");
        assertThat(retries()).isEqualTo(1.0);
    }

    @Test
    void anOffRowValueChangedByAnotherCommitIsAConflictThatRunsTheUpdateAgain() {
        // the statement locks only the row key, not the off-row value's key; the other commit must still be seen
        int longText = RowCodec.OFF_ROW_THRESHOLD + 100;
        f.exec(s, "CREATE TABLE docs (id INT PRIMARY KEY, n INT, body LONGTEXT)");
        f.exec(s, "INSERT INTO docs VALUES (1, 0, REPEAT('a', " + longText + "))");
        beforeNextCommit("UPDATE docs SET body = REPEAT('b', " + longText + ") WHERE id = 1");
        EngineFixture.Result r = f.exec(s, "UPDATE docs SET n = LENGTH(body) + LOCATE('b', body) WHERE id = 1");
        assertThat(r.affected()).isEqualTo(1);
        assertThat(f.exec(s, "SELECT n, LEFT(body, 1) FROM docs").rows().get(0)).map(String::valueOf)
                .containsExactly(String.valueOf(longText + 1), "b");
        assertThat(retries()).isEqualTo(1.0);
    }

    /** Run twice, it would assign @n twice; so it takes its row lock up front, and the interloper cannot have it. */
    @Test
    void aStatementThatChangesSessionStateRunsOnceWithLocksSoItsEffectsHappenOnce() {
        f.exec(s, "SET @n = 0");
        f.exec(other, "SET innodb_lock_wait_timeout = 0");
        AtomicReference<MySqlException> interloper = new AtomicReference<>();
        beforeNextOnePc.set(() -> interloper.set(error(() -> f.exec(other, "UPDATE t SET c = 'theirs' WHERE id = 1"))));
        assertThat(f.exec(s, "UPDATE t SET k = (@n := @n + 1) WHERE id = 1").affected()).isEqualTo(1);
        assertThat(f.exec(s, "SELECT @n").column(0)).containsExactly(1L);
        assertThat(interloper.get()).as("the interloper met the row lock").isNotNull();
        assertThat(interloper.get().code()).isEqualTo(1205);
        assertThat(row(1)).containsExactly("1", "a");
    }

    @Test
    void anUpdateWithoutAConflictRunsOnce() {
        f.exec(s, "UPDATE t SET k = k + 1 WHERE id = 1");
        assertThat(row(1)).containsExactly("1", "a");
        assertThat(retries()).isZero();
    }

    @Test
    void anInsertWhoseKeyAnotherCommitTookReportsTheDuplicateAsMySqlDoes() {
        beforeNextCommit("INSERT INTO t VALUES (5, 50, 'theirs')");
        MySqlException e = error(() -> f.exec(s, "INSERT INTO t VALUES (5, 5, 'mine')"));
        assertThat(e).isNotNull();
        assertThat(e.code()).isEqualTo(1062);
        assertThat(e.sqlState()).isEqualTo("23000");
        assertThat(e.getMessage()).contains("Duplicate entry '5' for key 'PRIMARY'");
        assertThat(row(5)).containsExactly("50", "theirs");
        assertThat(retries()).isEqualTo(1.0);
    }

    @Test
    void insertIgnoreRunsAgainAndSkipsTheRowAnotherCommitInserted() {
        beforeNextCommit("INSERT INTO t VALUES (5, 50, 'theirs')");
        EngineFixture.Result r = f.exec(s, "INSERT IGNORE INTO t VALUES (5, 5, 'mine'), (6, 6, 'mine')");
        assertThat(r.affected()).isEqualTo(1);
        assertThat(f.exec(s, "SHOW WARNINGS").column(1)).extracting(String::valueOf).containsExactly("1062");
        assertThat(row(5)).containsExactly("50", "theirs");
        assertThat(row(6)).containsExactly("6", "mine");
        assertThat(retries()).isEqualTo(1.0);
    }

    @Test
    void anInsertRunAgainTakesTheAutoIncrementValuesOfItsFirstRun() {
        f.exec(s, "CREATE TABLE a (id BIGINT AUTO_INCREMENT PRIMARY KEY, u INT UNIQUE, c VARCHAR(10))");
        f.exec(s, "INSERT INTO a (u, c) VALUES (1, 'first')");
        beforeNextCommit("INSERT INTO a (u, c) VALUES (5, 'theirs')");
        EngineFixture.Result r = f.exec(s, "INSERT IGNORE INTO a (u, c) VALUES (5, 'mine'), (6, 'mine')");
        assertThat(r.affected()).isEqualTo(1);
        assertThat(retries()).isEqualTo(1.0);
        assertThat(f.exec(s, "SELECT u, id FROM a ORDER BY u").rows()).as("ids 2 and 3 taken by the first run")
                .containsExactly(List.of(1L, 1L), List.of(5L, 4L), List.of(6L, 3L));
    }

    @Test
    void anOptimisticSessionStillReportsTheConflict() {
        f.exec(s, "SET tidb_txn_mode = 'OPTIMISTIC'");
        beforeNextCommit("UPDATE t SET k = k + 10 WHERE id = 1");
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "UPDATE t SET k = k + 1 WHERE id = 1"))).isEqualTo(1213);
        assertThat(row(1)).containsExactly("10", "a");
        assertThat(retries()).isZero();
    }
}
