package io.basalt.sql.engine;

import io.basalt.session.Session;
import io.basalt.session.TransactionStatus;
import io.basalt.protocol.constants.ServerStatus;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.protocol.row.TextValueFormatter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** End-to-end statements through the engine (no network): DDL, DML, queries, transactions and their errors. */
class EngineStatementsTest {
    @TempDir
    Path dir;
    EngineFixture f;
    Session s;

    @BeforeEach
    void setUp() {
        f = new EngineFixture(dir);
        s = f.session();
        f.exec(s, "CREATE DATABASE sbtest");
        f.exec(s, "USE sbtest");
        f.exec(s, "CREATE TABLE sbtest1(\n  id INTEGER NOT NULL AUTO_INCREMENT,\n  k INTEGER DEFAULT '0' NOT NULL,\n"
                + "  c CHAR(120) DEFAULT '' NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL,\n  PRIMARY KEY (id)\n"
                + ") /*! ENGINE = innodb */ ");
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    @Test
    void sysbenchPrepareAndPointSelect() {
        var ins = f.exec(s, "INSERT INTO sbtest1(k, c, pad) VALUES(5, 'c1', 'p1'),(7, 'c2', 'p2'),(5, 'c3', 'p3')");
        assertThat(ins.affected()).isEqualTo(3);
        assertThat(ins.lastInsertId()).isEqualTo(1);
        f.exec(s, "CREATE INDEX k_1 ON sbtest1(k)");
        var r = f.execPrepared(s, "SELECT c FROM sbtest1 WHERE id=?", 2L);
        assertThat(r.labels()).containsExactly("c");
        assertThat(r.column(0)).containsExactly("c2");
        assertThat(f.exec(s, "SELECT id FROM sbtest1 WHERE k = 5 ORDER BY id").column(0)).containsExactly(1L, 3L);
        assertThat(f.execPrepared(s, "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?", 1L, 2L).column(0))
                .containsExactly(new BigDecimal("12"));
        assertThat(f.execPrepared(s, "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c", 1L, 3L)
                .column(0)).containsExactly("c1", "c2", "c3");
    }

    @Test
    void updatesDeletesAndIndexMaintenance() {
        f.exec(s, "CREATE INDEX k_1 ON sbtest1(k)");
        f.exec(s, "INSERT INTO sbtest1 (id, k, c, pad) VALUES (1, 10, 'a', 'x'), (2, 20, 'b', 'y')");
        assertThat(f.execPrepared(s, "UPDATE sbtest1 SET k=k+1 WHERE id=?", 1L).affected()).isEqualTo(1);
        assertThat(f.exec(s, "SELECT id FROM sbtest1 WHERE k = 11").column(0)).containsExactly(1L);
        assertThat(f.exec(s, "SELECT id FROM sbtest1 WHERE k = 10").rows()).isEmpty();
        f.execPrepared(s, "DELETE FROM sbtest1 WHERE id=?", 2L);
        f.execPrepared(s, "INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)", 2L, 99L, "c", "p");
        assertThat(f.exec(s, "SELECT k FROM sbtest1 WHERE id = 2").column(0)).containsExactly(99L);
        assertThat(f.exec(s, "SELECT COUNT(*) FROM sbtest1").column(0)).containsExactly(2L);
    }

    @Test
    void duplicateKeyNamesTheKey() {
        f.exec(s, "INSERT INTO sbtest1 (id, k) VALUES (1, 1)");
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "INSERT INTO sbtest1 (id, k) VALUES (1, 2)")))
                .isEqualTo(1062);
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "SELECT nope FROM sbtest1"))).isEqualTo(1054);
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "SELECT * FROM missing"))).isEqualTo(1146);
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "SELEC 1"))).isEqualTo(1064);
    }

    @Test
    void readCommittedSeesLaterCommitsRepeatableReadDoesNot() {
        f.exec(s, "INSERT INTO sbtest1 (id, k) VALUES (1, 0)");
        Session other = f.session();
        f.exec(other, "USE sbtest");
        f.exec(s, "BEGIN");
        assertThat(f.exec(s, "SELECT k FROM sbtest1 WHERE id = 1").column(0)).containsExactly(0L);
        f.exec(other, "UPDATE sbtest1 SET k = 1 WHERE id = 1");
        assertThat(f.exec(s, "SELECT k FROM sbtest1 WHERE id = 1").column(0)).containsExactly(0L);
        f.exec(s, "COMMIT");

        f.exec(s, "SET SESSION transaction_isolation = 'READ-COMMITTED'");
        f.exec(s, "BEGIN");
        assertThat(f.exec(s, "SELECT k FROM sbtest1 WHERE id = 1").column(0)).containsExactly(1L);
        f.exec(other, "UPDATE sbtest1 SET k = 2 WHERE id = 1");
        assertThat(f.exec(s, "SELECT k FROM sbtest1 WHERE id = 1").column(0)).containsExactly(2L);
        f.exec(s, "COMMIT");
    }

    @Test
    void unknownColumnNamesTheClauseAsMariaDbDoes() {
        assertThat(EngineFixture.error(() -> f.exec(s, "SELECT nope FROM sbtest1")).getMessage())
                .isEqualTo("Unknown column 'nope' in 'SELECT'");
        assertThat(EngineFixture.error(() -> f.exec(s, "SELECT id FROM sbtest1 WHERE nope = 1")).getMessage())
                .isEqualTo("Unknown column 'nope' in 'WHERE'");
        assertThat(EngineFixture.error(() -> f.exec(s, "UPDATE sbtest1 SET nope = 1")).getMessage())
                .isEqualTo("Unknown column 'nope' in 'SET'");
        assertThat(EngineFixture.error(() -> f.exec(s, "INSERT INTO sbtest1 (nope) VALUES (1)")).getMessage())
                .isEqualTo("Unknown column 'nope' in 'INSERT INTO'");
        assertThat(EngineFixture.error(() -> f.exec(s, "SELECT id FROM sbtest1 a, sbtest1 b")).getMessage())
                .isEqualTo("Column 'id' in SELECT is ambiguous");
    }

    @Test
    void intervalArithmetic() {
        var r = f.exec(s, "SELECT DATE_ADD('2024-01-31', INTERVAL 1 MONTH), '2024-01-01' + INTERVAL 10 DAY,"
                + " INTERVAL 1 YEAR + '2024-02-29', DATE_SUB('2024-01-01', INTERVAL 1 WEEK)");
        assertThat(r.rows().get(0).stream().map(String::valueOf).toList())
                .containsExactly("2024-02-29", "2024-01-11", "2025-02-28", "2023-12-25");
        assertThat(f.exec(s, "SELECT CURRENT_DATE IS NOT NULL, CURRENT_USER() LIKE 'root@%',"
                + " INSERT('abcdef', 2, 3, 'XY')").rows().get(0)).containsExactly(1L, 1L, "aXYef");
    }

    @Test
    void dropOfTheCurrentDatabaseLeavesNoneSelected() {
        f.exec(s, "DROP DATABASE sbtest");
        assertThat(f.exec(s, "SELECT DATABASE()").rows().get(0)).containsExactly((Object) null);
    }

    @Test
    void nestedUncorrelatedSubqueries() {
        f.exec(s, "INSERT INTO sbtest1 (id, k) VALUES (1, 10), (2, 20), (3, 20)");
        assertThat(f.exec(s, "SELECT id FROM sbtest1 WHERE id IN (SELECT id FROM sbtest1 WHERE k IN"
                + " (SELECT MAX(k) FROM sbtest1 GROUP BY c)) ORDER BY id").column(0)).containsExactly(2L, 3L);
    }

    @Test
    void quantifiedComparisonsFollowMySqlNullRules() {
        f.exec(s, "CREATE TABLE q (id INT PRIMARY KEY, v INT)");
        f.exec(s, "INSERT INTO q VALUES (1, 10), (2, 20), (3, NULL)");
        String all = "(SELECT v FROM q)";
        String nonNull = "(SELECT v FROM q WHERE v IS NOT NULL)";
        String none = "(SELECT v FROM q WHERE id > 9)";
        assertThat(f.exec(s, "SELECT 15 > ANY " + all + ", 5 > ANY " + all + ", 5 > ANY " + nonNull
                + ", 20 = SOME " + all + ", NULL = ANY " + nonNull + ", NULL = ANY " + none).rows().get(0))
                .containsExactly(1L, null, 0L, 1L, null, 0L);
        assertThat(f.exec(s, "SELECT 25 > ALL " + all + ", 15 > ALL " + all + ", 25 > ALL " + nonNull
                + ", 30 <> ALL " + nonNull + ", NULL > ALL " + nonNull + ", NULL > ALL " + none).rows().get(0))
                .containsExactly(null, 0L, 1L, 1L, null, 1L);
        assertThat(f.exec(s, "SELECT id FROM q WHERE v >= ALL " + nonNull).column(0)).containsExactly(2L);
        assertThat(f.exec(s, "SELECT id FROM q a WHERE v < ANY (SELECT v FROM q b WHERE b.id <> a.id) ORDER BY id")
                .column(0)).containsExactly(1L);
        assertThat(f.exec(s, "SELECT id FROM q WHERE NOT (v = ANY (SELECT v FROM q WHERE id = 1)) ORDER BY id")
                .column(0)).containsExactly(2L);
    }

    @Test
    void doubleResultsCarryTheirFixedDecimals() {
        f.exec(s, "INSERT INTO sbtest1 (id, k) VALUES (1, 1), (2, 2), (3, 6)");
        var r = f.exec(s, "SELECT PI(), PI() * 2, STD(k), VAR_POP(k), SUM(k) + 0e0 FROM sbtest1");
        assertThat(r.columns().stream().map(ColumnDefinition::decimals).toList()).containsExactly(6, 6, 4, 4, 31);
        List<String> text = new ArrayList<>();
        for (int i = 0; i < r.columns().size(); i++) {
            text.add(TextValueFormatter.formatString(r.rows().get(0).get(i), r.columns().get(i)));
        }
        assertThat(text).containsExactly("3.141593", "6.283185", "2.1602", "4.6667", "9");
    }

    @Test
    void stringLiteralsAreLabelledByTheirValue() {
        assertThat(f.exec(s, "SELECT 'It''s', 'a' 'b', \"dq\", 1 + 1").labels())
                .containsExactly("It's", "ab", "dq", "1 + 1");
    }

    @Test
    void joinOfDerivedTables() {
        f.exec(s, "INSERT INTO sbtest1 (id, k) VALUES (1, 10), (2, 20), (3, 20)");
        var r = f.exec(s, "SELECT t.id, x.n FROM sbtest1 t JOIN (SELECT k, COUNT(*) AS n FROM sbtest1 GROUP BY k) x"
                + " ON x.k = t.k ORDER BY t.id");
        assertThat(r.column(1)).containsExactly(1L, 2L, 2L);
    }

    @Test
    void transactionsStatusFlagsAndRollback() {
        f.exec(s, "BEGIN");
        assertThat(s.statusFlags() & ServerStatus.IN_TRANS).isNotZero();
        f.exec(s, "INSERT INTO sbtest1 (id, k) VALUES (1, 1)");
        f.exec(s, "ROLLBACK");
        assertThat(s.transactionStatus()).isEqualTo(TransactionStatus.NONE);
        assertThat(f.exec(s, "SELECT COUNT(*) FROM sbtest1").column(0)).containsExactly(0L);
        f.exec(s, "SET autocommit=0");
        f.exec(s, "INSERT INTO sbtest1 (id, k) VALUES (2, 2)");
        assertThat(s.statusFlags() & ServerStatus.IN_TRANS).isNotZero();
        Session other = f.session();
        assertThat(f.exec(other, "SELECT COUNT(*) FROM sbtest.sbtest1").column(0)).containsExactly(0L);
        f.exec(s, "COMMIT");
        assertThat(f.exec(other, "SELECT COUNT(*) FROM sbtest.sbtest1").column(0)).containsExactly(1L);
    }

    @Test
    void queriesJoinGroupUnionSubquery() {
        f.exec(s, "CREATE TABLE t2 (id INT PRIMARY KEY, name VARCHAR(20))");
        f.exec(s, "INSERT INTO sbtest1 (id, k, c) VALUES (1, 1, 'x'), (2, 1, 'y'), (3, 2, 'z')");
        f.exec(s, "INSERT INTO t2 VALUES (1, 'one'), (2, 'two')");
        var join = f.exec(s, "SELECT a.id, b.name FROM sbtest1 a LEFT JOIN t2 b ON a.k = b.id ORDER BY a.id");
        assertThat(join.column(1)).containsExactly("one", "one", "two");
        var grouped = f.exec(s, "SELECT k, COUNT(*) AS n FROM sbtest1 GROUP BY k HAVING n > 1");
        assertThat(grouped.rows()).containsExactly(List.of(1L, 2L));
        var union = f.exec(s, "SELECT id FROM t2 UNION SELECT k FROM sbtest1 ORDER BY 1");
        assertThat(union.column(0)).containsExactly(1L, 2L);
        var sub = f.exec(s, "SELECT c FROM sbtest1 WHERE k IN (SELECT id FROM t2 WHERE name = 'TWO')");
        assertThat(sub.column(0)).containsExactly("z");
        assertThat(f.exec(s, "SELECT 1+1, 'a' = 'A', 7 DIV 2").rows()).containsExactly(List.of(2L, 1L, 3L));
    }
}
