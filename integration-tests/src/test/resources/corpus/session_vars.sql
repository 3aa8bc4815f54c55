-- SET (session, global, user variables, NAMES, TRANSACTION), SELECT @@var, USE, SHOW VARIABLES.
CREATE DATABASE corpus_session_vars;
SELECT DATABASE();
USE corpus_session_vars;
SELECT DATABASE(), SCHEMA();
USE nosuch_db;
SELECT DATABASE();

SET @a = 1, @b = 'two', @c = NULL;
SELECT @a, @b, @c, @undefined;
SET @a = @a + 10;
SELECT @a, @a * 2;
SET @s := 'str';
SELECT @s, LENGTH(@s), CONCAT(@s, @a);
SELECT @x := 5, @x + 1;
SET @d = 1.50, @f = 1e2;
SELECT @d, @f;
SET @A = 'case';
SELECT @a;
CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT);
INSERT INTO t (v) VALUES (1), (2), (3), (4);
SET @lim = 2;
SELECT id FROM t WHERE id > @lim ORDER BY id;
SELECT @m := MAX(id) FROM t;
SELECT @m;

SELECT @@autocommit, @@session.autocommit, @@SESSION.AUTOCOMMIT, @@global.autocommit;
SELECT @@autocommit AS ac;
SET autocommit = 0;
SELECT @@autocommit;
SET autocommit = 1;
SET @@autocommit = OFF;
SELECT @@autocommit;
SET SESSION autocommit = ON;
SELECT @@autocommit;
SET autocommit = 'maybe';

SET SESSION sql_mode = 'STRICT_TRANS_TABLES';
SELECT @@sql_mode, @@SESSION.sql_mode;
SET sql_mode = '';
INSERT INTO t (v) VALUES ('12abc');
SHOW WARNINGS;
SELECT v FROM t WHERE id = 5;
SET sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION';
SELECT @@sql_mode;
INSERT INTO t (v) VALUES ('12abc');

SET SESSION sql_select_limit = 2;
SELECT id FROM t ORDER BY id;
SET SESSION sql_select_limit = DEFAULT;
SELECT COUNT(*) FROM t;

SELECT @@max_allowed_packet, @@global.max_allowed_packet;
SET GLOBAL max_allowed_packet = 33554432;
SELECT @@global.max_allowed_packet, @@session.max_allowed_packet;
SET GLOBAL max_allowed_packet = 67108864;
SET SESSION max_allowed_packet = 1024;
SET GLOBAL version = 'x';
SET nosuch_variable = 1;
SELECT @@nosuch_variable;
SET @@session.wait_timeout = 100;
SELECT @@wait_timeout, @@session.wait_timeout;
SET SESSION wait_timeout = DEFAULT;
SELECT @@session.wait_timeout = @@global.wait_timeout;

SET NAMES utf8mb4;
SELECT @@character_set_client, @@character_set_connection, @@character_set_results, @@collation_connection;
SET NAMES utf8mb4 COLLATE utf8mb4_bin;
SELECT @@collation_connection, 'a' = 'A';
SET NAMES utf8mb4;
SELECT @@collation_connection, 'a' = 'A';
SET character_set_results = NULL;
SELECT @@character_set_results, 'still readable';
SET character_set_results = utf8mb4;

SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED;
SELECT @@tx_isolation;
SET SESSION TRANSACTION READ ONLY;
SELECT @@tx_read_only;
SET SESSION TRANSACTION READ WRITE;
SELECT @@tx_read_only;
SET TRANSACTION ISOLATION LEVEL SERIALIZABLE;
SELECT @@tx_isolation;
SET SESSION tx_isolation = 'REPEATABLE-READ';
SELECT @@tx_isolation, @@session.tx_isolation;
SET SESSION TRANSACTION ISOLATION LEVEL SNAPSHOT_ISOLATION;

SELECT @@session.auto_increment_increment, @@auto_increment_offset;
SET SESSION auto_increment_increment = 5;
CREATE TABLE ai (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, v INT);
INSERT INTO ai (v) VALUES (1), (2), (3);
SELECT id, v FROM ai ORDER BY id;
SET SESSION auto_increment_increment = 1;

SET time_zone = '+02:00';
SELECT @@time_zone, FROM_UNIXTIME(0), UNIX_TIMESTAMP('1970-01-01 02:00:00');
SET time_zone = 'SYSTEM';
SELECT @@time_zone, FROM_UNIXTIME(0);

SELECT @@lower_case_table_names, @@auto_increment_increment, @@innodb_lock_wait_timeout;
SET SESSION innodb_lock_wait_timeout = 5;
SELECT @@innodb_lock_wait_timeout, @@global.innodb_lock_wait_timeout;
SELECT USER() LIKE 'root@%', CURRENT_USER() LIKE 'root@%', CONNECTION_ID() > 0, VERSION() IS NOT NULL;
SELECT @@version_comment IS NOT NULL, @@version = VERSION();
SET @a = 1, @@session.autocommit = 1, NAMES utf8mb4;
SELECT @a, @@autocommit;
SET autocommit = 1, sql_mode = CONCAT(@@sql_mode, ',STRICT_TRANS_TABLES'), NAMES utf8mb4;
SELECT @@sql_mode;

SHOW VARIABLES LIKE 'autocommit';
SHOW SESSION VARIABLES LIKE 'sql_select_limit';
SHOW GLOBAL VARIABLES LIKE 'max_allowed_packet';
SHOW VARIABLES WHERE Variable_name = 'auto_increment_increment';
SHOW VARIABLES LIKE 'character\_set\_c%';
SHOW VARIABLES LIKE 'no_such_variable%';

DROP DATABASE corpus_session_vars;
