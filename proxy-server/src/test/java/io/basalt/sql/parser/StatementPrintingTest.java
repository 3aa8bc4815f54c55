package io.basalt.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Statements print back as MySQL text that parses to the same statement (used in messages and PROCESSLIST). */
class StatementPrintingTest {

    @ParameterizedTest
    @ValueSource(strings = {
        SysbenchStatementsTest.PREPARE_CREATE_TABLE,
        "CREATE TABLE IF NOT EXISTS db.t (a ENUM('x','it''s') NOT NULL DEFAULT 'x', b DECIMAL(10,2) UNSIGNED, "
            + "c TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP, d VARCHAR(5) CHARACTER SET "
            + "utf8mb4 COLLATE utf8mb4_bin COMMENT 'c\\\\d', UNIQUE KEY u (d(3) DESC), FULLTEXT KEY f (d), "
            + "CHECK (b > 0)) ENGINE=InnoDB COMMENT='tbl' AUTO_INCREMENT=7",
        "CREATE TABLE t2 LIKE t1",
        "CREATE DATABASE IF NOT EXISTS d CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
        "DROP DATABASE IF EXISTS d",
        "CREATE UNIQUE INDEX ux ON t (a(4), b DESC)",
        "DROP INDEX ix ON db.t",
        "DROP TEMPORARY TABLE IF EXISTS a, b",
        "TRUNCATE TABLE t",
        "RENAME TABLE a TO b, c TO d",
        "ALTER TABLE t ADD COLUMN x INT NOT NULL AFTER a, DROP COLUMN y, ADD UNIQUE KEY ux (x), DROP INDEX i, "
            + "DROP PRIMARY KEY, CHANGE a b BIGINT, RENAME TO u",
        "SHOW FULL COLUMNS FROM t FROM db LIKE 'a%'",
        "SHOW GLOBAL VARIABLES WHERE Variable_name = 'x'",
        "SHOW WARNINGS LIMIT 1, 2",
        "SHOW BINLOG EVENTS IN 'bin.000001' FROM 4 LIMIT 3",
        "SHOW CREATE DATABASE d",
        "SHOW COUNT(*) ERRORS",
        "SET autocommit = 1, @@global.x = ON, @u = 'a\\\\b', NAMES utf8mb4 COLLATE utf8mb4_bin, sql_mode = DEFAULT",
        "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED, READ ONLY",
        "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY",
        "BEGIN PESSIMISTIC",
        "ROLLBACK TO SAVEPOINT s",
        "RELEASE SAVEPOINT s",
        "KILL QUERY 3",
        "FLUSH BINARY LOGS, TABLES",
        "PURGE BINARY LOGS BEFORE '2024-01-01'",
        "ANALYZE TABLE a, b",
        "DO 1, @a := 2",
        "USE `my db`",
        "EXPLAIN FORMAT = JSON SELECT 1",
        "INSERT IGNORE INTO t (a, b) VALUES (1, 'x\\\\y'), (DEFAULT, NULL) ON DUPLICATE KEY UPDATE b = VALUES(b)",
        "REPLACE INTO t SELECT * FROM s",
        "INSERT INTO t () VALUES ()",
        "UPDATE t AS x SET x.a = x.a + 1 WHERE id = ? ORDER BY id DESC LIMIT 2",
        "DELETE FROM t WHERE a IN (1, 2) ORDER BY a LIMIT 1",
        "SELECT * FROM t WHERE a = 1 FOR UPDATE NOWAIT",
        "SELECT * FROM t LOCK IN SHARE MODE",
        "SELECT a DIV 2, a MOD 3, a XOR b, a <=> b, a NOT REGEXP 'x', ~a, BINARY a, a COLLATE utf8mb4_bin, "
            + "CAST(a AS DECIMAL(5,2)), CONVERT(a USING latin1), EXTRACT(DAY_HOUR FROM d), "
            + "TIMESTAMPDIFF(SECOND, a, b), d + INTERVAL 1 DAY, GROUP_CONCAT(DISTINCT a ORDER BY b SEPARATOR '|'), "
            + "@@session.sql_mode, @v FROM t"})
    void printedTextParsesToTheSameStatement(String sql) {
        SqlNode first = BasaltSqlParser.parse(sql);
        String printed = Parsing.mysql(first);
        SqlNode second = BasaltSqlParser.parse(printed);

        assertThat(second.getClass()).isEqualTo(first.getClass());
        assertThat(Parsing.mysql(second)).isEqualTo(printed);
    }

    @Test
    void stringValuesSurvivePrinting() {
        String printed = BasaltSqlParser.parse("SELECT 'a\\\\b''c\\n'").toSqlString(MySqlTextDialect.INSTANCE)
            .getSql();
        assertThat(printed).isEqualTo("SELECT 'a\\\\b''c\n'");
    }
}
