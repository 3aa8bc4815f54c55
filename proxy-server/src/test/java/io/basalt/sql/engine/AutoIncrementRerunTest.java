package io.basalt.sql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.session.Session;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An INSERT handed from the event loop to a worker after it took AUTO_INCREMENT values takes the same values there,
 * so a client sees the ids MySQL would give: no gap for a statement that succeeded, one value lost per row of a
 * statement that failed. (A statement run again after an optimistic conflict: {@link OptimisticAutocommitTest}.)
 */
class AutoIncrementRerunTest extends EngineSessionTestBase {
    private Session other;

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
