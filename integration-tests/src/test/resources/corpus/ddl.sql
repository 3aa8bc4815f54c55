-- DDL: databases, CREATE TABLE in MySQL syntax (sysbench's included), indexes, ALTER, RENAME, TRUNCATE, DROP.
CREATE DATABASE corpus_ddl;
CREATE DATABASE corpus_ddl;
CREATE DATABASE IF NOT EXISTS corpus_ddl;
SHOW WARNINGS;
SHOW DATABASES LIKE 'corpus_ddl';
USE corpus_ddl;
SELECT DATABASE();

CREATE TABLE sbtest1(
  id INTEGER NOT NULL AUTO_INCREMENT,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) /*! ENGINE = innodb */ ;
CREATE INDEX k_1 ON sbtest1(k);
INSERT INTO sbtest1(k, c, pad) VALUES(5, '11-22', '33-44'),(6, '55-66', '77-88');
SELECT id, k, c, pad FROM sbtest1 ORDER BY id;
CREATE TABLE sbtest1 (a INT);
CREATE TABLE IF NOT EXISTS sbtest1 (a INT);
SHOW WARNINGS;

CREATE TABLE `order` (
  `id` BIGINT UNSIGNED NOT NULL PRIMARY KEY,
  `value` VARCHAR(20),
  `default` INT DEFAULT 7,
  `timestamp` DATETIME NULL COMMENT 'reserved word as a name'
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='reserved words';
INSERT INTO `order` (`id`, `value`) VALUES (1, 'v');
SELECT `id`, `value`, `default`, `timestamp` FROM `order`;

CREATE TABLE t2 (
  a INT NOT NULL,
  b VARCHAR(32) NOT NULL,
  c INT,
  d DATE,
  PRIMARY KEY (a),
  UNIQUE KEY uk_b (b),
  KEY idx_c (c),
  INDEX idx_cd (c, d)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE t3 (id INT PRIMARY KEY, name VARCHAR(10) UNIQUE, score INT NOT NULL DEFAULT 5) CHARACTER SET utf8mb4;
CREATE TABLE t_ai (id INT NOT NULL AUTO_INCREMENT, v INT, PRIMARY KEY (id)) ENGINE=InnoDB AUTO_INCREMENT=100;
INSERT INTO t_ai (v) VALUES (1), (2);
SELECT id, v FROM t_ai ORDER BY id;
CREATE TABLE t_kw (
  id INT NOT NULL,
  a INT NULL DEFAULT NULL,
  b VARCHAR(5) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL DEFAULT 'x',
  KEY (a),
  UNIQUE INDEX ux (b),
  CONSTRAINT pk PRIMARY KEY (id)
);
INSERT INTO t_kw (id) VALUES (1);
SELECT id, a, b FROM t_kw;
SHOW TABLES;

INSERT INTO t2 (a, b, c, d) VALUES (1, 'x', 10, '2024-01-01'), (2, 'y', 20, NULL);
INSERT INTO t3 (id, name) VALUES (1, 'one'), (2, 'two');
ALTER TABLE t2 ADD COLUMN e VARCHAR(10) NOT NULL DEFAULT 'new';
SELECT a, e FROM t2 ORDER BY a;
ALTER TABLE t2 ADD COLUMN f INT;
UPDATE t2 SET f = a * 100;
SELECT a, b, f FROM t2 ORDER BY a;
ALTER TABLE t2 DROP COLUMN f;
SELECT * FROM t2 ORDER BY a;
ALTER TABLE t2 ADD INDEX idx_e (e);
ALTER TABLE t2 ADD UNIQUE INDEX uk_ce (c, e);
ALTER TABLE t2 ADD UNIQUE KEY uk_d (d);
INSERT INTO t2 (a, b, c, d) VALUES (3, 'z', 10, '2024-01-02');
ALTER TABLE t2 DROP INDEX idx_e;
ALTER TABLE t2 ADD COLUMN g INT, ADD INDEX idx_g (g);
ALTER TABLE t2 ADD KEY idx_b_len (b(4));
SELECT COLUMN_NAME FROM information_schema.COLUMNS
  WHERE TABLE_SCHEMA = 'corpus_ddl' AND TABLE_NAME = 't2' ORDER BY ORDINAL_POSITION;
SELECT INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME, NON_UNIQUE FROM information_schema.STATISTICS
  WHERE TABLE_SCHEMA = 'corpus_ddl' AND TABLE_NAME = 't2' ORDER BY INDEX_NAME, SEQ_IN_INDEX;
ALTER TABLE t2 DROP COLUMN nonexistent;
ALTER TABLE t2 ADD COLUMN b INT;
CREATE INDEX idx_c ON t2 (c);
CREATE UNIQUE INDEX uk_b ON t2 (b);
DROP INDEX idx_c ON t2;
DROP INDEX idx_missing ON t2;
CREATE UNIQUE INDEX uk_score ON t3 (score);
ALTER TABLE nosuch ADD COLUMN x INT;

RENAME TABLE t3 TO t3_renamed;
SELECT id, name, score FROM t3_renamed ORDER BY id;
SELECT * FROM t3;
RENAME TABLE t3 TO t4;
RENAME TABLE t3_renamed TO t3, sbtest1 TO sbtest_old;
SHOW TABLES;

TRUNCATE TABLE t2;
SELECT COUNT(*) FROM t2;
TRUNCATE sbtest_old;
INSERT INTO sbtest_old (k) VALUES (3);
SELECT id, k FROM sbtest_old;
TRUNCATE TABLE nosuch;

DROP TABLE t3;
DROP TABLE t3;
DROP TABLE IF EXISTS t3;
SHOW WARNINGS;
DROP TABLE IF EXISTS t2, `order`;
DROP TABLE t_kw, nosuch;
SHOW TABLES;
CREATE TABLE nonreserved (at INT, status INT, comment INT, action INT, date DATE, text TEXT, year INT);
INSERT INTO nonreserved (at, status, comment, action, date, text, year) VALUES (1, 2, 3, 4, '2024-01-01', 't', 2024);
SELECT at, status, comment, action, date, text, year FROM nonreserved;
CREATE TABLE t6 (a INT);
DROP TABLE t6;
USE nonexistent_db;
DROP DATABASE corpus_ddl;
SELECT DATABASE();
DROP DATABASE corpus_ddl;
DROP DATABASE IF EXISTS corpus_ddl;
