package io.basalt.sql.engine;

import io.basalt.session.Session;
import io.basalt.session.TransactionStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/** Session settings that change what statements do: sql_select_limit, SET TRANSACTION, auto_increment_*. */
class SessionVariableEffectsTest extends EngineSessionTestBase {
    @BeforeEach
    void createTable() {
        f.exec(s, "CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT)");
        f.exec(s, "INSERT INTO t (v) VALUES (10), (20), (30)");
    }

    @Test
    void sqlSelectLimitCapsTopLevelQueriesWithoutTheirOwnLimit() {
        f.exec(s, "SET SESSION sql_select_limit = 2");
        assertThat(f.exec(s, "SELECT id FROM t ORDER BY id").column(0)).containsExactly(1L, 2L);
        assertThat(f.exec(s, "SELECT id FROM t UNION ALL SELECT id FROM t").rows()).hasSize(2);
        assertThat(f.execPrepared(s, "SELECT id FROM t WHERE id > ?", 0L).rows()).hasSize(2);
        assertThat(f.exec(s, "SELECT id FROM t ORDER BY id LIMIT 3").rows()).hasSize(3);
        assertThat(f.exec(s, "SELECT COUNT(*) FROM (SELECT id FROM t) x").column(0)).containsExactly(3L);
        assertThat(f.exec(s, "SELECT COUNT(*) FROM t WHERE id IN (SELECT id FROM t)").column(0))
                .containsExactly(3L);
        f.exec(s, "CREATE TABLE copy (id INT PRIMARY KEY, v INT)");
        assertThat(f.exec(s, "INSERT INTO copy SELECT id, v FROM t").affected()).isEqualTo(3);

        f.exec(s, "SET SESSION sql_select_limit = DEFAULT");
        assertThat(f.exec(s, "SELECT id FROM t ORDER BY id").rows()).hasSize(3);
    }

    @Test
    void setTransactionWithoutScopeAppliesToTheNextTransactionOnly() {
        Session other = f.sessionIn("d");
        f.exec(s, "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
        f.exec(s, "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
        assertThat(f.exec(s, "SELECT @@tx_isolation").column(0)).containsExactly("READ-COMMITTED");

        f.exec(s, "BEGIN");
        assertThat(f.exec(s, "SELECT v FROM t WHERE id = 1").column(0)).containsExactly(10L);
        f.exec(other, "UPDATE t SET v = 11 WHERE id = 1");
        assertThat(f.exec(s, "SELECT v FROM t WHERE id = 1").column(0)).as("repeatable read").containsExactly(10L);
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "SET TRANSACTION READ ONLY"))).isEqualTo(1568);
        f.exec(s, "COMMIT");

        f.exec(s, "BEGIN");
        assertThat(f.exec(s, "SELECT v FROM t WHERE id = 1").column(0)).containsExactly(11L);
        f.exec(other, "UPDATE t SET v = 12 WHERE id = 1");
        assertThat(f.exec(s, "SELECT v FROM t WHERE id = 1").column(0)).as("read committed again")
                .containsExactly(12L);
        f.exec(s, "COMMIT");
    }

    @Test
    void readOnlyForTheNextTransactionIncludesAnAutocommitStatement() {
        f.exec(s, "SET TRANSACTION READ ONLY");
        assertThat(f.exec(s, "SELECT @@tx_read_only").column(0)).containsExactly(0L);
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "INSERT INTO t (v) VALUES (40)"))).isEqualTo(1792);
        assertThat(f.exec(s, "INSERT INTO t (v) VALUES (40)").affected()).isEqualTo(1);

        f.exec(s, "SET TRANSACTION READ ONLY");
        f.exec(s, "START TRANSACTION");
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "DELETE FROM t"))).isEqualTo(1792);
        f.exec(s, "COMMIT");
        f.exec(s, "START TRANSACTION");
        assertThat(f.exec(s, "DELETE FROM t WHERE id = 1").affected()).isEqualTo(1);
        f.exec(s, "COMMIT");

        f.exec(s, "SET SESSION TRANSACTION READ ONLY");
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "UPDATE t SET v = 0"))).isEqualTo(1792);
        f.exec(s, "SET SESSION TRANSACTION READ WRITE");
        assertThat(f.exec(s, "UPDATE t SET v = 0 WHERE id = 2").affected()).isEqualTo(1);
    }

    @Test
    void underAutocommitOffOnlyAQueryReadingATableOpensATransaction() {
        f.exec(s, "SET autocommit = 0");
        f.exec(s, "SELECT 1, @@autocommit");
        assertThat(s.transactionStatus()).isEqualTo(TransactionStatus.NONE);
        f.exec(s, "SELECT v FROM t WHERE id = 1");
        assertThat(s.transactionStatus()).isEqualTo(TransactionStatus.READ_WRITE);
        f.exec(s, "COMMIT");
    }

    @Test
    void autoIncrementIncrementAndOffsetStepGeneratedIds() {
        f.exec(s, "SET SESSION auto_increment_increment = 5");
        f.exec(s, "CREATE TABLE ai (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT)");
        var r = f.exec(s, "INSERT INTO ai (v) VALUES (1), (2), (3)");
        assertThat(r.lastInsertId()).isEqualTo(1);
        assertThat(f.exec(s, "SELECT id FROM ai ORDER BY id").column(0)).containsExactly(1L, 6L, 11L);

        f.exec(s, "SET auto_increment_offset = 3");
        assertThat(f.exec(s, "INSERT INTO ai (v) VALUES (4)").lastInsertId()).isEqualTo(13);
        f.exec(s, "INSERT INTO ai (id, v) VALUES (20, 5)");
        assertThat(f.exec(s, "INSERT INTO ai (v) VALUES (6)").lastInsertId()).isEqualTo(23);
        f.exec(s, "SET auto_increment_increment = 1, auto_increment_offset = 1");
        assertThat(f.exec(s, "INSERT INTO ai (v) VALUES (7)").lastInsertId()).isEqualTo(24);
    }
}
