package io.basalt.sql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.session.Session;
import io.basalt.storage.fault.FaultPoints;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A statement the server runs again on its own (handed from the event loop to a worker, or repeated with pessimistic
 * locks after an optimistic conflict) takes the AUTO_INCREMENT values of its first run, so a client sees the ids
 * MySQL would give: no gap for a statement that succeeded, one value lost per row of a statement that failed.
 */
class AutoIncrementRerunTest extends EngineSessionTestBase {
    private final AtomicReference<Runnable> beforeNextOnePc = new AtomicReference<>();
    private Session other;

    @Override
    EngineFixture fixture(Path dir) {
        return new EngineFixture(dir, (point, startTs) -> {
            if (point.equals(FaultPoints.BEFORE_ONE_PC)) {
                Runnable r = beforeNextOnePc.getAndSet(null);
                if (r != null) {
                    r.run();
                }
            }
        });
    }

    @BeforeEach
    void createTable() {
        other = f.sessionIn("d");
        f.exec(s, "CREATE TABLE a (id BIGINT AUTO_INCREMENT PRIMARY KEY, u INT UNIQUE, c VARCHAR(10))");
        // the first value needs a refill from the store, which a statement that must not wait never starts
        assertThat(f.exec(s, "INSERT INTO a (u, c) VALUES (1, 'first')").lastInsertId()).isEqualTo(1);
    }

    private List<Object> ids() {
        return f.exec(s, "SELECT id FROM a ORDER BY id").column(0);
    }

    @Test
    void anInsertHandedToTheWorkerAfterTakingAValueTakesTheSameValueThere() {
        f.exec(other, "BEGIN");
        assertThat(f.exec(other, "INSERT INTO a (u, c) VALUES (7, 'other')").lastInsertId()).isEqualTo(2);
        String sql = "INSERT INTO a (u, c) VALUES (?, ?)";
        assertThat(f.execCommittingWithoutWaiting(s, f.engine.prepare(s, sql), 7L, "mine"))
                .as("meets the other transaction's lock on u = 7 after taking id 3").isNull();
        assertThat(f.noWait("handed_off")).isEqualTo(1);
        f.exec(other, "ROLLBACK");
        assertThat(f.execPrepared(s, sql, 7L, "mine").lastInsertId()).as("the worker's run").isEqualTo(3);
        assertThat(f.exec(s, "SELECT LAST_INSERT_ID()").column(0)).containsExactly(3L);
        assertThat(f.exec(s, "INSERT INTO a (u, c) VALUES (8, 'next')").lastInsertId()).isEqualTo(4);
        assertThat(ids()).containsExactly(1L, 3L, 4L);
    }

    @Test
    void anInsertRunAgainAfterAnOptimisticConflictTakesTheValuesOfItsFirstRun() {
        beforeNextOnePc.set(() -> f.exec(other, "INSERT INTO a (u, c) VALUES (5, 'theirs')"));
        EngineFixture.Result r = f.exec(s, "INSERT IGNORE INTO a (u, c) VALUES (5, 'mine'), (6, 'mine')");
        assertThat(r.affected()).isEqualTo(1);
        assertThat(f.meters.get("basalt.statement.optimistic.retries").counter().count()).isEqualTo(1.0);
        assertThat(f.exec(s, "SELECT u, id FROM a ORDER BY u").rows()).as("ids 2 and 3 taken by the first run")
                .containsExactly(List.of(1L, 1L), List.of(5L, 4L), List.of(6L, 3L));
    }

    @Test
    void aFailedInsertLosesItsValueAsInMySqlAndOnlyOne() {
        String sql = "INSERT INTO a (u, c) VALUES (?, ?)";
        assertThat(f.execCommittingWithoutWaiting(s, f.engine.prepare(s, sql), 1L, "dup"))
                .as("a duplicate is left for the worker to report").isNull();
        assertThat(EngineFixture.errorCode(() -> f.execPrepared(s, sql, 1L, "dup"))).isEqualTo(1062);
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "INSERT INTO a (u, c) VALUES (1, 'dup')")))
                .isEqualTo(1062);
        assertThat(f.exec(s, "INSERT INTO a (u, c) VALUES (2, 'second')").lastInsertId())
                .as("ids 2 and 3 went to the two failed statements").isEqualTo(4);
        assertThat(ids()).containsExactly(1L, 4L);
    }
}
