-- SHOW statements and information_schema SCHEMATA, TABLES, COLUMNS, STATISTICS.
CREATE DATABASE corpus_show_infoschema;
USE corpus_show_infoschema;

CREATE TABLE t1 (
  id INT NOT NULL AUTO_INCREMENT,
  name VARCHAR(20) NOT NULL DEFAULT 'x' COMMENT 'the name',
  price DECIMAL(8,2) NULL,
  created DATETIME,
  flag TINYINT(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  UNIQUE KEY uk_name (name),
  KEY idx_price_created (price, created)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='first table';
CREATE TABLE t2 (a BIGINT UNSIGNED PRIMARY KEY, b TEXT, c DOUBLE NOT NULL, d ENUM('x','y') DEFAULT 'y');
SHOW DATABASES LIKE 'corpus_show%';
SHOW DATABASES WHERE `Database` = 'corpus_show_infoschema';
-- @sorted
SHOW DATABASES LIKE '%information%';
SHOW TABLES;
SHOW FULL TABLES;
SHOW TABLES FROM corpus_show_infoschema LIKE 't1';
SHOW TABLES IN corpus_show_infoschema;
SHOW TABLES LIKE 'nomatch%';
SHOW TABLES FROM nosuch_db;
SHOW COLUMNS FROM t1;
SHOW FULL COLUMNS FROM t1;
SHOW COLUMNS FROM t1 LIKE 'na%';
SHOW COLUMNS FROM t2 FROM corpus_show_infoschema;
SHOW FIELDS FROM corpus_show_infoschema.t2;
DESCRIBE t2;
DESC t1;
SHOW COLUMNS FROM nosuch;
SHOW INDEX FROM t1;
SHOW INDEXES FROM t2;
SHOW KEYS FROM t1 WHERE Key_name = 'uk_name';
SHOW CREATE TABLE t1;
SHOW CREATE TABLE t2;
SHOW CREATE TABLE nosuch;
SHOW CREATE DATABASE corpus_show_infoschema;
SHOW VARIABLES LIKE 'auto_increment_increment';
SHOW SESSION VARIABLES LIKE 'autocommit';
SHOW GLOBAL VARIABLES LIKE 'lower_case_table_names';
-- @columns-only
SHOW STATUS LIKE 'Uptime';
-- @columns-only
SHOW GLOBAL STATUS LIKE 'Threads_connected';
-- @columns-only
SHOW SESSION STATUS LIKE 'Com_select';
SHOW STATUS LIKE 'nomatch%';
-- @columns-only
SHOW PROCESSLIST;
-- @columns-only
SHOW FULL PROCESSLIST;
SELECT 1;
SHOW WARNINGS;
SELECT 1 / 0;
SHOW WARNINGS;
INSERT INTO t2 (a, c) VALUES (1, 1.5);
SHOW WARNINGS;
-- @columns-only
SHOW ENGINES;
SHOW COLLATION LIKE 'utf8mb4_general_ci';
SHOW COLLATION WHERE Collation = 'utf8mb4_bin';
SHOW CHARACTER SET LIKE 'utf8mb4';
SHOW CHARSET WHERE Charset = 'binary';
-- @columns-only
SHOW TABLE STATUS;
-- @columns-only
SHOW TABLE STATUS LIKE 't1';
SELECT SCHEMA_NAME, DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME FROM information_schema.SCHEMATA
  WHERE SCHEMA_NAME = 'corpus_show_infoschema';
SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME IN ('information_schema', 'corpus_show_infoschema')
  ORDER BY SCHEMA_NAME;
SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, TABLE_COLLATION, TABLE_COMMENT FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = 'corpus_show_infoschema' ORDER BY TABLE_NAME;
SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'
  ORDER BY TABLE_NAME;
SELECT COLUMN_NAME, ORDINAL_POSITION, COLUMN_DEFAULT, IS_NULLABLE, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH,
  NUMERIC_PRECISION, NUMERIC_SCALE, COLUMN_TYPE, COLUMN_KEY, EXTRA, COLUMN_COMMENT FROM information_schema.COLUMNS
  WHERE TABLE_SCHEMA = 'corpus_show_infoschema' AND TABLE_NAME = 't1' ORDER BY ORDINAL_POSITION;
SELECT TABLE_NAME, COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, IS_NULLABLE FROM information_schema.COLUMNS
  WHERE TABLE_SCHEMA = 'corpus_show_infoschema' ORDER BY TABLE_NAME, ORDINAL_POSITION;
SELECT CHARACTER_SET_NAME, COLLATION_NAME FROM information_schema.COLUMNS
  WHERE TABLE_SCHEMA = 'corpus_show_infoschema' AND TABLE_NAME = 't1' AND COLUMN_NAME = 'name';
SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX, COLUMN_NAME FROM information_schema.STATISTICS
  WHERE TABLE_SCHEMA = 'corpus_show_infoschema' ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX;
SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'corpus_show_infoschema';
SELECT table_name FROM information_schema.tables WHERE table_schema = 'corpus_show_infoschema' AND table_name LIKE 't%'
  ORDER BY table_name;
SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'corpus_show_infoschema' AND TABLE_NAME = 'nosuch';
DROP TABLE t2;
SHOW TABLES;
SHOW DATABASES LIKE 'nomatch';

DROP DATABASE corpus_show_infoschema;
